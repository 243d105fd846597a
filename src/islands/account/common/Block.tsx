import "./screens.css";
import { useId, type ReactNode } from "react";
import type { Lang } from "../../../core/i18n/locale.ts";
import type { ResourceState } from "../../../core/portal/resource.ts";
import { useT } from "../../shell/use-t.ts";

type Props<T> = {
  lang: Lang;
  title: string;
  state: ResourceState<T>;
  onRetry: () => void;
  /** Marks the block for tests and styling, e.g. "invoices". */
  name: string;
  /** Skeleton lines while loading. */
  lines?: number;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A titled block with its own loading skeleton, error with retry and "not for you" states, so one
 * failing call never blanks the rest of the page.
 */
export function Block<T>({ lang, title, state, onRetry, name, lines = 3, actions, children }: Props<T>) {
  const t = useT(lang);
  const id = useId();
  return (
    <section className="kp-block" aria-labelledby={id} aria-busy={state.status === "loading"} data-block={name} data-state={state.status}>
      <div className="kp-block__header">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {state.status === "loading" && <Skeleton lines={lines} label={t("common.loading")} />}
      {state.status === "error" && (
        <div className="kp-block__error" role="alert">
          <p>{t("portal.block.error")}</p>
          <button type="button" className="kp-button" onClick={onRetry}>
            {t("common.retry")}
          </button>
        </div>
      )}
      {state.status === "forbidden" && <p className="kp-block__empty">{t("portal.block.forbidden")}</p>}
      {state.status === "ready" && children(state.data)}
    </section>
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
