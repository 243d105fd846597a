import "./screens.css";
import { useId, type ReactNode } from "react";
import type { Lang } from "../../core/i18n/locale.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { useT } from "../shell/use-t.ts";

type Props<T> = {
  lang: Lang;
  /** The block's heading and card frame; a screen that is one block (a table with its filters) goes without both. */
  title?: string;
  state: ResourceState<T>;
  onRetry: () => void;
  /** Marks the block for tests and styling, e.g. "invoices". */
  name: string;
  /** Skeleton lines while loading. */
  lines?: number;
  actions?: ReactNode;
  /** Shown instead of `children` when `isEmpty` says the data has nothing to show. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * The one renderer of a block of data: its loading skeleton, error with retry (the same for every
 * kind of failure, a broken answer included), "not for you" and empty states, so one failing call
 * never blanks the rest of the page. Data already shown stays while the next load runs, and below
 * the error when that load fails.
 */
export function Block<T>({ lang, title, state, onRetry, name, lines = 3, actions, empty, isEmpty, children }: Props<T>) {
  const t = useT(lang);
  const id = useId();
  const data = "data" in state ? state.data : undefined;
  const Frame = title ? "section" : "div";
  return (
    <Frame className={title && "kp-block"} aria-labelledby={title && id} aria-busy={state.status === "loading"} data-block={name} data-state={state.status}>
      {title && (
        <div className="kp-block__header">
          <h2 id={id}>{title}</h2>
          {actions}
        </div>
      )}
      {state.status === "error" && (
        <div className="kp-block__error" role="alert" data-failure={state.kind}>
          <p>{t("portal.block.error")}</p>
          <button type="button" className="kp-button" onClick={onRetry}>
            {t("common.retry")}
          </button>
        </div>
      )}
      {state.status === "forbidden" ? (
        <p className="kp-block__empty">{t("portal.block.forbidden")}</p>
      ) : data === undefined ? (
        state.status === "loading" && <Skeleton lines={lines} label={t("common.loading")} />
      ) : isEmpty?.(data) ? (
        <p className="kp-empty" data-empty={name}>
          {empty}
        </p>
      ) : (
        children(data)
      )}
    </Frame>
  );
}

/** Grey bars in the shape of text while a block loads; the label is for screen readers. */
export function Skeleton({ lines, label }: { lines: number; label: string }) {
  return (
    <div className="kp-skeleton" role="status">
      <span className="kp-sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="kp-skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
