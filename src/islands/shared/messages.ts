import { hasMessage, translate, type Lang } from "../../core/i18n/index.ts";

/**
 * The message for an error code of docs/api-business.md. A more specific key for the field
 * (`biz.error.<scope>.<code>`, e.g. `wholesalers.required`, `tht.min`) wins over the general one.
 */
export function errorMessage(lang: Lang, code: string, scope?: string): string {
  for (const key of [scope ? `biz.error.${scope}.${code}` : "", `biz.error.${code}`]) {
    if (hasMessage(key)) return translate(lang, key);
  }
  return translate(lang, "biz.error.invalid");
}
