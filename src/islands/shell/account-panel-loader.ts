import type { AccountPanelProps } from "./account-menu.ts";

/**
 * Hydrates the header's account panel only when the sign-in hint says a user is signed in, so an
 * anonymous visitor downloads no React: the panel and everything it needs is one dynamic import.
 */
export function mountAccountPanels(doc: Document = document): void {
  if (doc.documentElement.dataset["auth"] !== "signed-in") return;
  for (const element of doc.querySelectorAll<HTMLElement>("[data-account-panel]")) void mount(element);
}

async function mount(element: HTMLElement): Promise<void> {
  // Public pages do not load settings.js up front; the panel needs it for the API.
  if (window.settings === undefined && !(await loadScript("/settings.js"))) return;
  const props = JSON.parse(element.dataset["props"] ?? "{}") as AccountPanelProps;
  const { mountAccountPanel } = await import("./mount-account-panel.tsx");
  mountAccountPanel(element, props);
}

function loadScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve(true);
    script.onerror = () => resolve(false);
    document.head.append(script);
  });
}
