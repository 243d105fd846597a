import type { Lang } from "./locale.ts";
import type { nl as coreNl } from "./bundles/core.nl.ts";
import type { nl as businessNl } from "./bundles/business.nl.ts";
import type { nl as accountNl } from "./bundles/account.nl.ts";
import type { nl as sessionNl } from "./bundles/session.nl.ts";
import type { nl as siteNl } from "./bundles/site.ts";

/**
 * Every user-visible string, per language. The files have three roles:
 * - an area (`public.ts`, `auth.ts`, `business.ts`, …): its Dutch `nl` object, with its English in
 *   `en/<area>.ts` typed by the Dutch keys, so a missing translation is a type error;
 * - a bundle (`bundles/<part>.nl.ts` / `.en.ts`): the areas of one part in one language, a chunk of
 *   its own in the browser;
 * - the loader: `loadMessages(part)` below, the one function that loads a part.
 *
 * The parts: `core` (common, auth, portal: what any island may show, always loaded); `business` (the
 * business screens); `account` (account details, own profile and users, with their forms' field
 * messages); `session` (sign-in errors, session expiry, consent, debug); `site` (`bundles/site.ts`:
 * the public pages, rendered at build time, and the stand-in identity provider's pages and mails; the
 * public pages' scripts import the few area strings they need directly).
 *
 * Which part a portal screen loads is its entry's `strings` in the screen registry
 * (src/core/portal/screens.ts): its island awaits `loadScreenStrings(<screen>)` at the top of its
 * module. A page in the browser loads only its own language (the `<html lang>` it was built with)
 * and only the parts its code asks for, before any island renders (a top-level await; the size
 * budgets in dev/lib/budgets.ts count these `<part>.<lang>` chunks). At build time and in tests all
 * is loaded.
 */
export type MessageKey =
  | keyof typeof coreNl
  | keyof typeof businessNl
  | keyof typeof accountNl
  | keyof typeof sessionNl
  | keyof typeof siteNl;
/** A part of the strings; all but `site` load in the browser. */
export type StringsPart = "core" | "business" | "account" | "session" | "site";
type Messages = Partial<Record<MessageKey, string>>;

// Each import names its bundle file literally, so the bundler makes one chunk per part and language.
const BUNDLES: Record<StringsPart, Record<Lang, () => Promise<Messages>>> = {
  core: {
    nl: async () => (await import("./bundles/core.nl.ts")).nl,
    en: async () => (await import("./bundles/core.en.ts")).en,
  },
  business: {
    nl: async () => (await import("./bundles/business.nl.ts")).nl,
    en: async () => (await import("./bundles/business.en.ts")).en,
  },
  account: {
    nl: async () => (await import("./bundles/account.nl.ts")).nl,
    en: async () => (await import("./bundles/account.en.ts")).en,
  },
  session: {
    nl: async () => (await import("./bundles/session.nl.ts")).nl,
    en: async () => (await import("./bundles/session.en.ts")).en,
  },
  site: {
    nl: async () => (await import("./bundles/site.ts")).nl,
    en: async () => (await import("./bundles/site.ts")).en,
  },
};

const pageLang: Lang | undefined =
  typeof document === "undefined" ? undefined : document.documentElement.lang === "en" ? "en" : "nl";
const dictionaries: Record<Lang, Messages> = { nl: {}, en: {} };
const loaded = new Map<StringsPart, Promise<void>>();

/** Loads a part of the strings (once): the page's language in a browser, both elsewhere. */
export function loadMessages(part: StringsPart): Promise<void> {
  const known = loaded.get(part);
  if (known) return known;
  const langs: Lang[] = pageLang ? [pageLang] : ["nl", "en"];
  const loading = Promise.all(
    langs.map(async (lang) => void Object.assign(dictionaries[lang], await BUNDLES[part][lang]())),
  ).then(() => undefined);
  loaded.set(part, loading);
  return loading;
}

await loadMessages("core");
if (!pageLang) await Promise.all((["business", "account", "session", "site"] as const).map(loadMessages));

/** The text for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  // A page shows only its own language; a part its code did not load would show the key, which
  // tests/unit/i18n-screens.test.ts refuses for every screen in both languages.
  const text = dictionaries[lang][key] ?? dictionaries[pageLang ?? "nl"][key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match));
}

/** True when `key` is a message key of a loaded part (for keys made from API error codes). */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(dictionaries[pageLang ?? "nl"], key);
}

export type { Lang } from "./locale.ts";
