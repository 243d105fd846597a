import { forwardRef, type ReactNode } from "react";

type Props = { tone: "success" | "error"; title?: string | undefined; message: string; children?: ReactNode };

/**
 * A success or error message after an action. Focusable so the form can move focus to it; errors
 * are alerts, successes polite status messages.
 */
export const Notice = forwardRef<HTMLDivElement, Props>(function Notice({ tone, title, message, children }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className={`kp-alert kp-alert--${tone}`} role={tone === "error" ? "alert" : "status"} data-notice={tone}>
      {title && <h2 className="kp-alert__title">{title}</h2>}
      <p>{message}</p>
      {children}
    </div>
  );
});
