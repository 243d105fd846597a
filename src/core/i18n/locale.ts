import type { Locale } from "../api/schemas/common.ts";

/** The site's languages: Dutch at the root, English under /en/. */
export type Lang = "nl" | "en";
export const LANGS: readonly Lang[] = ["nl", "en"];

/** The content API's locale for a site language. */
export const contentLocale = (lang: Lang): Locale => (lang === "en" ? "en-US" : "nl-NL");

/** The language a path belongs to. */
export const langFromPath = (pathname: string): Lang =>
  pathname === "/en" || pathname.startsWith("/en/") ? "en" : "nl";

/** A Dutch site path (`/nieuws`) in the given language (`/en/nieuws`). */
export function localizedPath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === "nl") return clean;
  return clean === "/" ? "/en" : `/en${clean}`;
}

/** Strips the language prefix: `/en/nieuws` -> `/nieuws`. */
export const unlocalizedPath = (pathname: string): string =>
  pathname === "/en" ? "/" : pathname.startsWith("/en/") ? pathname.slice(3) : pathname;

/**
 * The key of `count`'s plural form, `<base>.one` or `<base>.other`, as the language's own rules
 * choose (Intl.PluralRules; Dutch and English know only these two). Both keys are message keys,
 * so a missing form is a type error where it is used.
 */
export function pluralKey<Base extends string>(lang: Lang, base: Base, count: number): `${Base}.one` | `${Base}.other` {
  return new Intl.PluralRules(lang === "en" ? "en-GB" : "nl-NL").select(count) === "one" ? `${base}.one` : `${base}.other`;
}
