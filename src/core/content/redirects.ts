/**
 * The site's redirects, worked out from the CMS's slug history (GET /redirects): every address an
 * entry had answers 301 with the address it has now, in both languages; an address whose entry was
 * deleted for good answers 410. One rule per old address: chains collapse (A to B to C serves A to
 * C), an address that is live again (a slug changed back) is served and never redirected, so no
 * rule can loop.
 */
import type { EntryPlace, RedirectHistory } from "../api/schemas/content.ts";
import { localizedPath, LANGS } from "../i18n/locale.ts";

/** One old address: `to` the address to send visitors to (301), or null when it is gone (410). */
export type RedirectRule = { from: string; to: string | null };

type Step = { to: string | null; at: string };

/**
 * The rules in one language's paths (Dutch, unprefixed), sorted by `from`. `pathOf` gives an
 * entry's site path; `isLive` says whether a path is served now (a page or an article the site
 * builds). A chain that ends at an address neither live nor gone (an entry unpublished for now)
 * gives no rule: that address answers 404 until the entry is back.
 */
export function redirectRules(
  history: RedirectHistory,
  pathOf: (place: EntryPlace) => string,
  isLive: (path: string) => boolean,
): RedirectRule[] {
  // The latest thing that happened to each address: moved away (to a path) or gone.
  const events = [
    ...history.moves.map((move) => ({ from: pathOf(move.from), step: { to: pathOf(move.to), at: move.at } })),
    ...history.gone.map((gone) => ({ from: pathOf(gone.place), step: { to: null, at: gone.at } })),
  ].sort((a, b) => (a.step.at < b.step.at ? -1 : a.step.at > b.step.at ? 1 : 0));
  const latest = new Map<string, Step>();
  for (const event of events) latest.set(event.from, event.step);

  const rules: RedirectRule[] = [];
  for (const from of latest.keys()) {
    if (isLive(from)) continue;
    const end = finalAddress(from, latest, isLive);
    if (end === undefined || end === from) continue;
    rules.push({ from, to: end });
  }
  return rules.sort((a, b) => (a.from < b.from ? -1 : 1));
}

/** Where an address leads in the end: a live path, null (gone), or undefined (nowhere: no rule). */
function finalAddress(from: string, latest: ReadonlyMap<string, Step>, isLive: (path: string) => boolean): string | null | undefined {
  const seen = new Set<string>([from]);
  let at = from;
  for (;;) {
    const step = latest.get(at);
    if (!step) return undefined;
    if (step.to === null) return null;
    if (isLive(step.to)) return step.to;
    // A cycle without a live address on it (every entry on it unpublished): nowhere to go.
    if (seen.has(step.to)) return undefined;
    seen.add(step.to);
    at = step.to;
  }
}

/** The rules for every language: Dutch as given, English under /en/. */
export function rulesInEveryLanguage(rules: readonly RedirectRule[]): RedirectRule[] {
  return LANGS.flatMap((lang) =>
    rules.map((rule) => ({ from: localizedPath(lang, rule.from), to: rule.to === null ? null : localizedPath(lang, rule.to) })),
  );
}
