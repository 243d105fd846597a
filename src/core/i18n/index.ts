import type { Lang } from "./locale.ts";
import * as common from "./common.ts";
import * as publicSite from "./public.ts";
import * as people from "./people.ts";
import * as contact from "./contact.ts";
import * as auth from "./auth.ts";
import * as offline from "./offline.ts";
import * as search from "./search.ts";
import * as business from "./business.ts";
import * as portal from "./portal.ts";

/**
 * Every user-visible string, per language. Each area adds its own file (`public.ts`, `auth.ts`, …)
 * with an `nl` object and an `en: Record<keyof typeof nl, string>`, so a missing translation is a
 * type error; add it to the spread below.
 */
const nl = { ...common.nl, ...publicSite.nl, ...people.nl, ...contact.nl, ...auth.nl, ...business.nl, ...portal.nl, ...offline.nl, ...search.nl };
const en: Record<keyof typeof nl, string> = { ...common.en, ...publicSite.en, ...people.en, ...contact.en, ...auth.en, ...business.en, ...portal.en, ...offline.en, ...search.en };

export type MessageKey = keyof typeof nl;
const dictionaries: Record<Lang, Record<MessageKey, string>> = { nl, en };

/** The text for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[lang][key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match));
}

export type { Lang } from "./locale.ts";
