import { useLayoutEffect, useRef, useState } from "react";
import { barChartLayout, linearScale, niceMax, ticks } from "../../../core/business/chart.ts";
import type { VolumeProgress } from "../../../core/business/contract-progress.ts";
import { formatNumber } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

/** Until the figure is measured: a laptop's content column. */
const FIRST_WIDTH = 640;

/**
 * Per product group a bar for the agreed volume (outlined) with the actual volume inside it
 * (filled) and a tick where the volume should be by now. The table after it holds the same figures.
 * Drawn at the width the figure gets (barChartLayout), so its labels stay readable on a phone.
 */
export function VolumeChart({ lang, volumes }: { lang: Lang; volumes: readonly VolumeProgress[] }) {
  const t = useT(lang);
  const figure = useRef<HTMLElement>(null);
  const [shownWidth, setShownWidth] = useState(FIRST_WIDTH);
  useLayoutEffect(() => {
    const element = figure.current;
    if (!element) return;
    const measure = (): void => setShownWidth(Math.min(720, element.clientWidth || FIRST_WIDTH));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const layout = barChartLayout(shownWidth);
  const { pad, row, width } = layout;
  const top = niceMax(Math.max(1, ...volumes.flatMap((v) => [v.agreedHl, v.actualHl])));
  const height = pad.top + pad.bottom + row * volumes.length;
  const x = linearScale(top, width - pad.left - pad.right);
  const legendX = pad.left;
  return (
    <figure className="kp-biz-chart" ref={figure}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        style={{ fontSize: `${layout.fontSize}px`, maxWidth: `${width}px` }}
        role="img"
        aria-labelledby="kp-swo-chart-summary"
        data-chart="volumes"
        data-layout={layout.labelAbove ? "narrow" : "wide"}
      >
        <g className="kp-chart__legend">
          <rect className="kp-chart__agreed" x={legendX} y={6} width={14} height={12} />
          <text x={legendX + 20} y={16}>
            {t("biz.swo.legendAgreed")}
          </text>
          <rect className="kp-chart__bar" x={legendX + 160} y={6} width={14} height={12} />
          <text x={legendX + 180} y={16}>
            {t("biz.swo.legendActual")}
          </text>
        </g>
        {ticks(top).map((value, i, all) => (
          <g key={value} className="kp-chart__grid">
            <line x1={pad.left + x(value)} x2={pad.left + x(value)} y1={pad.top} y2={height - pad.bottom} />
            {/* The outer labels keep inside the drawing: the first starts at its line, the last ends there. */}
            <text x={pad.left + x(value)} y={height - 8} textAnchor={layout.labelAbove && i === 0 ? "start" : i === all.length - 1 ? "end" : "middle"}>
              {formatNumber(value, lang)}
            </text>
          </g>
        ))}
        {volumes.map((volume, i) => {
          const labelY = pad.top + i * row + 14;
          const y = layout.labelAbove ? labelY + 8 : pad.top + i * row + 8;
          return (
            <g key={volume.group}>
              {layout.labelAbove ? (
                <text className="kp-chart__label" x={pad.left} y={labelY}>
                  {t(`biz.group.${volume.group}`)}
                </text>
              ) : (
                <text className="kp-chart__label" x={pad.left - 8} y={y + 18} textAnchor="end">
                  {t(`biz.group.${volume.group}`)}
                </text>
              )}
              <rect className="kp-chart__agreed" x={pad.left} y={y} width={x(volume.agreedHl)} height={26} />
              <rect className="kp-chart__bar" x={pad.left} y={y + 5} width={x(volume.actualHl)} height={16} />
              <line className="kp-chart__expected" x1={pad.left + x(volume.expectedHl)} x2={pad.left + x(volume.expectedHl)} y1={y - 3} y2={y + 29} />
            </g>
          );
        })}
      </svg>
      <figcaption id="kp-swo-chart-summary">{t("biz.swo.chartSummary")}</figcaption>
    </figure>
  );
}
