import { linearScale, niceMax, ticks } from "../../../core/business/chart.ts";
import type { VolumeProgress } from "../../../core/business/contract-progress.ts";
import { formatNumber } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

const WIDTH = 640;
const ROW = 44;
const PAD = { left: 130, right: 24, top: 28, bottom: 28 };

/**
 * Per product group a bar for the agreed volume (outlined) with the actual volume inside it
 * (filled) and a tick where the volume should be by now. The table after it holds the same figures.
 */
export function VolumeChart({ lang, volumes }: { lang: Lang; volumes: readonly VolumeProgress[] }) {
  const t = useT(lang);
  const top = niceMax(Math.max(1, ...volumes.flatMap((v) => [v.agreedHl, v.actualHl])));
  const height = PAD.top + PAD.bottom + ROW * volumes.length;
  const x = linearScale(top, WIDTH - PAD.left - PAD.right);
  return (
    <figure className="kp-biz-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="kp-swo-chart-summary" data-chart="volumes">
        <g className="kp-chart__legend">
          <rect className="kp-chart__agreed" x={PAD.left} y={4} width={14} height={12} />
          <text x={PAD.left + 20} y={14}>
            {t("biz.swo.legendAgreed")}
          </text>
          <rect className="kp-chart__bar" x={PAD.left + 150} y={4} width={14} height={12} />
          <text x={PAD.left + 170} y={14}>
            {t("biz.swo.legendActual")}
          </text>
        </g>
        {ticks(top).map((value) => (
          <g key={value} className="kp-chart__grid">
            <line x1={PAD.left + x(value)} x2={PAD.left + x(value)} y1={PAD.top} y2={height - PAD.bottom} />
            <text x={PAD.left + x(value)} y={height - 8} textAnchor="middle">
              {formatNumber(value, lang)}
            </text>
          </g>
        ))}
        {volumes.map((volume, i) => {
          const y = PAD.top + i * ROW + 8;
          return (
            <g key={volume.group}>
              <text className="kp-chart__label" x={PAD.left - 8} y={y + 18} textAnchor="end">
                {t(`biz.group.${volume.group}`)}
              </text>
              <rect className="kp-chart__agreed" x={PAD.left} y={y} width={x(volume.agreedHl)} height={26} />
              <rect className="kp-chart__bar" x={PAD.left} y={y + 5} width={x(volume.actualHl)} height={16} />
              <line className="kp-chart__expected" x1={PAD.left + x(volume.expectedHl)} x2={PAD.left + x(volume.expectedHl)} y1={y - 3} y2={y + 29} />
            </g>
          );
        })}
      </svg>
      <figcaption id="kp-swo-chart-summary">{t("biz.swo.chartSummary")}</figcaption>
    </figure>
  );
}
