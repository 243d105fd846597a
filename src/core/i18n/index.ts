import type { Lang } from "./locale.ts";
import type { nl as coreNl } from "./messages-nl.ts";
import type { nl as businessNl } from "./business.ts";
import type { nl as accountNl } from "./messages-account-nl.ts";
import type { nl as sessionNl } from "./session.ts";
import type { nl as siteNl } from "./site-messages.ts";

/**
 * Every user-visible string, per language. Each area has its own file (`public.ts`, `auth.ts`, …)
 * with an `nl` object, and its English in `en/<area>.ts` typed by the Dutch keys, so a missing
 * translation is a type error. The areas are gathered in three parts:
 * - `core` (`messages-nl.ts` / `messages-en.ts`): what any island may show;
 * - `business` (`messages-business-nl.ts` / `-en.ts`): the business screens, which load it through
 *   `business-messages.ts`;
 * - `account` (`messages-account-*.ts`): account details, own profile and users, with the field
 *   validation messages their forms show, through `account-messages.ts`;
 * - `session` (`messages-session-*.ts`): sign-in errors, session expiry, consent, debug, through
 *   `session-messages.ts`;
 * - `site` (`site-messages.ts`): the public pages, rendered at build time (the offline texts among
 *   them: the public pages' scripts import those directly), and the stand-in backend's pages and mails.
 *
 * A page in the browser loads only its own language (the `<html lang>` it was built with) and only
 * the parts its code asks for, before any island renders (a top-level await; the size budgets in
 * dev/lib/budgets.ts count these `messages-*` chunks). At build time and in tests all is loaded.
 */
export type MessageKey =
  | keyof typeof coreNl
  | keyof typeof businessNl
  | keyof typeof accountNl
  | keyof typeof sessionNl
  | keyof typeof siteNl;
type Part = "core" | "business" | "account" | "session" | "site";
type Messages = Partial<Record<MessageKey, string>>;

const LOADERS: Record<Part, Record<Lang, () => Promise<Messages>>> = {
  core: {
    nl: async () => (await import("./messages-nl.ts")).nl,
    en: async () => (await import("./messages-en.ts")).en,
  },
  business: {
    nl: async () => (await import("./messages-business-nl.ts")).nl,
    en: async () => (await import("./messages-business-en.ts")).en,
  },
  account: {
    nl: async () => (await import("./messages-account-nl.ts")).nl,
    en: async () => (await import("./messages-account-en.ts")).en,
  },
  session: {
    nl: async () => (await import("./messages-session-nl.ts")).nl,
    en: async () => (await import("./messages-session-en.ts")).en,
  },
  site: {
    nl: async () => (await import("./site-messages.ts")).nl,
    en: async () => (await import("./site-messages.ts")).en,
  },
};

const pageLang: Lang | undefined =
  typeof document === "undefined" ? undefined : document.documentElement.lang === "en" ? "en" : "nl";
const dictionaries: Record<Lang, Messages> = { nl: {}, en: {} };
const loaded = new Map<Part, Promise<void>>();

/** Loads a part of the strings (once): the page's language in a browser, both elsewhere. */
export function loadMessages(part: Part): Promise<void> {
  const known = loaded.get(part);
  if (known) return known;
  const langs: Lang[] = pageLang ? [pageLang] : ["nl", "en"];
  const loading = Promise.all(
    langs.map(async (lang) => void Object.assign(dictionaries[lang], await LOADERS[part][lang]())),
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
