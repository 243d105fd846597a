/**
 * The search page's behaviour: loads Pagefind's browser script on first use (it ships only with
 * this page), searches as the form is submitted or the URL carries `?q=`, and renders the hits as
 * text nodes (never HTML from the index).
 */
import { nl as searchNl } from "../core/i18n/search.ts";
import { en as searchEn } from "../core/i18n/en/search.ts";
import { nl as offlineNl } from "../core/i18n/offline.ts";
import { en as offlineEn } from "../core/i18n/en/offline.ts";
import { pluralKey } from "../core/i18n/locale.ts";
import { savedArticlePaths } from "../core/offline/saved-articles.ts";
import type { TextPart } from "../core/offline/html-text.ts";
import { langOf } from "../core/offline/routes.ts";
import { MAX_HITS, queryOf, toHit, type SearchHit } from "../core/search/results.ts";

const texts = { nl: searchNl, en: searchEn };
const offlineTexts = { nl: offlineNl, en: offlineEn };

/** The part of Pagefind's browser API used here. */
type Pagefind = {
  options(options: { excerptLength?: number }): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<unknown> }[] } | null>;
};

/** Where Pagefind writes its browser script (publishing/build/search-index.ts). A variable, so the bundler leaves it alone. */
const PAGEFIND_URL = "/pagefind/pagefind.js";
let pagefind: Promise<Pagefind> | undefined;

function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength: 24 });
    return module;
  });
  // A failed load (offline without a cached index) may succeed on the next try.
  pagefind.catch(() => (pagefind = undefined));
  return pagefind;
}

export function initSearch(doc: Document): void {
  const root = doc.querySelector<HTMLElement>("[data-search]");
  const form = root?.querySelector<HTMLFormElement>("[data-search-form]");
  const input = root?.querySelector<HTMLInputElement>("[data-search-input]");
  const status = root?.querySelector<HTMLElement>("[data-search-status]");
  const list = root?.querySelector<HTMLOListElement>("[data-search-results]");
  const offline = root?.querySelector<HTMLElement>("[data-search-offline]");
  if (!form || !input || !status || !list || !offline) return;
  const ui = { input, status, list };
  const lang = langOf(doc.location.pathname);
  const t = texts[lang];
  let latest = 0;

  // Opening search is when this language's index is saved for offline use, not a first visit.
  if ("serviceWorker" in navigator) {
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "search-index", lang }));
  }

  const showOffline = (): void => void (offline.hidden = navigator.onLine);
  addEventListener("online", showOffline);
  addEventListener("offline", showOffline);
  showOffline();

  async function run(query: string): Promise<void> {
    const { input, status, list } = ui;
    const ticket = ++latest;
    list.replaceChildren();
    input.setAttribute("aria-invalid", String(query === ""));
    if (query === "") {
      status.textContent = t["search.empty"];
      return;
    }
    status.textContent = t["search.busy"];
    try {
      const found = await (await loadPagefind()).search(query);
      const hits = (
        await Promise.all((found?.results ?? []).slice(0, MAX_HITS).map((result) => result.data()))
      )
        .map(toHit)
        .filter((hit): hit is SearchHit => hit !== null);
      if (ticket !== latest) return; // a newer search has started
      const count = found?.results.length ?? 0;
      status.textContent = (
        count === 0 ? t["search.none"] : t[pluralKey(lang, "search.count", count)]
      )
        .replace("{query}", query)
        .replace("{count}", String(count));
      // Offline, say which hits can be opened: the saved ones.
      const saved = navigator.onLine ? null : await savedArticlePaths().catch(() => null);
      const mark = saved ? offlineTexts[lang]["offline.mark"] : null;
      list.replaceChildren(
        ...hits.map((hit) => renderHit(doc, hit, t["search.category"], saved?.has(hit.href) ? mark : null)),
      );
    } catch {
      if (ticket === latest) status.textContent = t["search.failed"];
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = input.value.trim();
    const url = new URL(doc.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    history.replaceState(null, "", url);
    void run(query);
  });

  const initial = queryOf(doc.location.search);
  if (initial) {
    input.value = initial;
    void run(initial);
  }
}

function renderHit(
  doc: Document,
  hit: SearchHit,
  categoryLabel: string,
  offlineMark: string | null,
): HTMLLIElement {
  const item = doc.createElement("li");
  const heading = item.appendChild(doc.createElement("h2"));
  const link = heading.appendChild(doc.createElement("a"));
  link.href = hit.href;
  link.textContent = hit.title;
  if (offlineMark) {
    const badge = item.appendChild(doc.createElement("p"));
    badge.append(
      Object.assign(doc.createElement("span"), { className: "kp-offline-mark", textContent: offlineMark }),
    );
  }
  if (hit.category) {
    const meta = item.appendChild(doc.createElement("p"));
    meta.className = "kp-search__meta";
    meta.textContent = `${categoryLabel}: ${hit.category}`;
  }
  const excerpt = item.appendChild(doc.createElement("p"));
  excerpt.className = "kp-search__excerpt";
  excerpt.append(...hit.excerpt.map((part) => textOf(doc, part)));
  return item;
}

const textOf = (doc: Document, part: TextPart): Node => {
  if (!part.mark) return doc.createTextNode(part.text);
  const mark = doc.createElement("mark");
  mark.textContent = part.text;
  return mark;
};
