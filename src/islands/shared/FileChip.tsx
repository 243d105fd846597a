import { percentSent } from "../../core/business/upload-queue.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";

type Props = {
  lang: Lang;
  name: string;
  /** The size as shown (formatted). */
  size: string;
  state: "sending" | "done" | "failed";
  sent?: number;
  total?: number;
  /** Why the file failed, or why removing it did. */
  problem?: string | undefined;
  onRetry?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
  /** Opens (downloads) a stored file: its name becomes the button that does it. */
  onOpen?: (() => void) | undefined;
};

/** One file of a drop zone: name and size, and its progress, failure or remove button. */
export function FileChip({ lang, name, size, state, sent = 0, total = 0, problem, onRetry, onRemove, onOpen }: Props) {
  const t = useT(lang);
  const percent = percentSent(sent, total);
  return (
    <li className={`kp-chip kp-chip--${state}`} data-file={name} data-state={state}>
      <span className="kp-chip__text">
        {onOpen ? (
          <button type="button" className="kp-link-button kp-chip__name" onClick={onOpen} aria-label={t("biz.upload.openNamed", { file: name })}>
            {name}
          </button>
        ) : (
          <span className="kp-chip__name">{name}</span>
        )}
        <span className="kp-chip__size">{size}</span>
      </span>
      {state === "sending" && (
        <span className="kp-chip__progress">
          <progress max={100} value={percent} aria-label={t("biz.upload.progress", { file: name })} />
          <span aria-hidden="true">{percent}%</span>
        </span>
      )}
      {problem && <span className="kp-chip__problem">{problem}</span>}
      {(onRetry || onRemove) && (
        <span className="kp-chip__actions">
          {onRetry && (
            <button type="button" className="kp-link-button" onClick={onRetry} aria-label={t("biz.upload.retryNamed", { file: name })}>
              {t("biz.upload.retry")}
            </button>
          )}
          {onRemove && (
            <button type="button" className="kp-chip__remove" onClick={onRemove} aria-label={t("biz.tht.removeAttachment", { file: name })}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </span>
      )}
    </li>
  );
}
