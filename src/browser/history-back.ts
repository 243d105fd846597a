import { leadsToSite } from "../core/urls/site-url.ts";

/**
 * 'Back to the previous page' links: they point at the homepage (the answer without JavaScript
 * or without history) and go back in history when the visitor came from another page of this site.
 */
export function initHistoryBack(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("[data-history-back]")) {
    link.addEventListener("click", (event) => {
      if (!leadsToSite(doc.referrer, window.location.origin) || window.history.length < 2) return;
      event.preventDefault();
      window.history.back();
    });
  }
}
