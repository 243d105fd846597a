/**
 * The "available offline" mark on article cards whose page is saved in the worker's cache, while
 * the reader is offline, including cards that load-more adds later. Back online the marks go.
 */
import { savedArticlePaths } from "../core/offline/saved-articles.ts";
import { nl } from "../core/i18n/offline.ts";
import { en } from "../core/i18n/en/offline.ts";
import type { Lang } from "../core/i18n/locale.ts";

const texts = { nl, en };

/**
 * Where the mark goes: the meta line of every card whose link points at a saved page and that has
 * no mark yet (so running again after load-more adds no duplicates).
 */
function offlineMarkTargets(root: ParentNode, saved: ReadonlySet<string>): Element[] {
  const targets: Element[] = [];
  for (const card of root.querySelectorAll(".kp-card")) {
    const href = card.querySelector("a[data-field='link']")?.getAttribute("href");
    if (!href || card.querySelector(".kp-offline-mark")) continue;
    if (!saved.has(new URL(href, location.href).pathname)) continue;
    targets.push(card.querySelector(".kp-card__meta") ?? card);
  }
  return targets;
}

export async function markSavedArticles(doc: Document, lang: Lang): Promise<void> {
  const mark = async (): Promise<void> => {
    if (navigator.onLine) return;
    const saved = await savedArticlePaths().catch(() => new Set<string>());
    for (const target of offlineMarkTargets(doc, saved)) {
      const badge = doc.createElement("span");
      badge.className = "kp-offline-mark";
      badge.textContent = texts[lang]["offline.mark"];
      target.append(" ", badge);
    }
  };
  const unmark = (): void => {
    for (const badge of doc.querySelectorAll(".kp-card .kp-offline-mark")) {
      if (badge.previousSibling?.textContent === " ") badge.previousSibling.remove();
      badge.remove();
    }
  };
  addEventListener("online", unmark);
  addEventListener("offline", () => void mark());
  await mark();
  new MutationObserver((changes) => {
    if (changes.some((change) => change.addedNodes.length > 0)) void mark();
  }).observe(doc.querySelector("main") ?? doc.body, { childList: true, subtree: true });
}
