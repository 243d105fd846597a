/**
 * Registers the service worker (public and portal pages alike; it never caches private routes),
 * asks it to save this language's latest news for offline reading, and marks the article cards
 * whose pages are saved with "available offline". Kept tiny: it runs on every public page.
 */
import { savedArticlePaths } from "../core/offline/saved-articles.ts";
import { langOf } from "../core/offline/routes.ts";
import * as texts from "../core/i18n/offline.ts";

const lang = langOf(location.pathname);

/** Adds the mark to every card in `root` whose article is saved and not yet marked. */
async function markSaved(root: ParentNode): Promise<void> {
  const saved = await savedArticlePaths().catch(() => new Set<string>());
  for (const link of root.querySelectorAll<HTMLAnchorElement>(".kp-card a[data-field='link']")) {
    const card = link.closest(".kp-card");
    if (!card || card.querySelector(".kp-offline-mark") || !saved.has(new URL(link.href).pathname)) continue;
    const mark = document.createElement("span");
    mark.className = "kp-offline-mark";
    mark.textContent = texts[lang]["offline.mark"];
    (card.querySelector(".kp-card__meta") ?? card).append(" ", mark);
  }
}

if ("serviceWorker" in navigator) {
  void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: "warm", lang });
  });
  void markSaved(document);
  // Cards added later (load more) are marked too.
  new MutationObserver((changes) => {
    if (changes.some((change) => change.addedNodes.length > 0)) void markSaved(document);
  }).observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
}
