import type { Permission } from "../../core/api/schemas/common.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import { menuScreens } from "../../core/portal/screens.ts";

/**
 * Brings the page's static portal navigation (src/components/PortalNav.astro) to life once the
 * permissions on the selected account are known: shows the screens they open, hides the others,
 * and lets the button fold the menu open and shut on small screens. A page without it is left alone.
 */
export function showPortalNav(held: readonly Permission[], accounts: number, doc: Document = document): void {
  const nav = doc.querySelector<HTMLElement>("[data-portal-nav]");
  if (!nav) return;
  const allowed = new Set<string>(menuScreens(held, accounts));
  for (const item of nav.querySelectorAll<HTMLElement>("[data-screen]")) item.hidden = !allowed.has(item.dataset["screen"] ?? "");
  // The CMS's own links in the menu, shown to those holding one of their permissions (none: everyone).
  for (const item of nav.querySelectorAll<HTMLElement>("[data-permissions]")) {
    const required = (item.dataset["permissions"] ?? "").split(" ").filter(Boolean) as Permission[];
    item.hidden = !isAllowed(required, held);
  }
  const toggle = nav.querySelector<HTMLButtonElement>("[data-portal-nav-toggle]");
  if (toggle && !("ready" in nav.dataset)) {
    toggle.addEventListener("click", () => toggle.setAttribute("aria-expanded", String(toggle.getAttribute("aria-expanded") !== "true")));
    nav.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || toggle.getAttribute("aria-expanded") !== "true") return;
      toggle.setAttribute("aria-expanded", "false");
      toggle.focus();
    });
  }
  nav.dataset["ready"] = "";
}
