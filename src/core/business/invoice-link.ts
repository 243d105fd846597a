import { localizedPath, type Lang } from "../i18n/locale.ts";

/**
 * Where an invoice opens: the invoices page showing just this invoice (found by its number), with
 * its PDF. The dashboard's rows and the notifications about an invoice link here.
 */
export const invoiceHref = (lang: Lang, number: string): string =>
  `${localizedPath(lang, "/mijn-account/facturen")}?q=${encodeURIComponent(number)}`;
