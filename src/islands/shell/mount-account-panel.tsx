import "./portal.css";
import { createRoot } from "react-dom/client";
import { AccountPanel } from "./AccountPanel.tsx";
import type { AccountPanelProps } from "./account-menu.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

/** Renders the account panel into its header slot (loaded only for signed-in visitors). */
export function mountAccountPanel(element: HTMLElement, props: AccountPanelProps): void {
  createRoot(element).render(
    <ErrorBoundary lang={props.lang}>
      <AccountPanel {...props} />
    </ErrorBoundary>,
  );
}
