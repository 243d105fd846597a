import type { InboxInvoice, InboxItem } from "../api/schemas/business/inbox.ts";
import { formatDay, formatMoney } from "../format.ts";
import { invoiceHref } from "./invoice-link.ts";
import type { MessageKey } from "../i18n/index.ts";
import { localizedPath, type Lang } from "../i18n/locale.ts";
import { sitePath } from "../urls/site-url.ts";

/** One line of what a notification is about: a label and its value (a date also as `dateTime`). */
export type InboxFact = { label: MessageKey; value: string; dateTime?: string };

/** What a customer needs to act on an invoice notice without opening the list: number, amount, dates. */
export const invoiceFacts = (invoice: InboxInvoice, lang: Lang): InboxFact[] => [
  { label: "portal.inbox.invoice.number", value: invoice.number },
  { label: "portal.inbox.invoice.amount", value: formatMoney(invoice.amountInclVat, lang) },
  { label: "portal.inbox.invoice.invoiceDate", value: formatDay(invoice.invoiceDate, lang), dateTime: invoice.invoiceDate },
  { label: "portal.inbox.invoice.dueDate", value: formatDay(invoice.dueDate, lang), dateTime: invoice.dueDate },
];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A notification's link and the words that say where it goes, or null when it has none. A link is a
 * site path, or (an invitation to another customer's account) the acceptance page at the identity
 * provider, `provider` its issuer; an absolute link anywhere else is not followed.
 */
export function inboxTarget(item: InboxItem, lang: Lang, provider: string): { href: string; label: MessageKey; number?: string } | null {
  if (item.invoice) return { href: invoiceHref(lang, item.invoice.number), label: "portal.inbox.open.invoice", number: item.invoice.number };
  if (!item.link) return null;
  if (!item.link.startsWith("/")) {
    return originOf(item.link) === originOf(provider) ? { href: item.link, label: "portal.inbox.open.invitation" } : null;
  }
  // A path must stay on the site as a browser reads it: `//host`, `/\host`, `/\t/host` leave it.
  // Any origin tells that apart; the path is used as the check read it.
  const path = sitePath(item.link, "https://site.invalid");
  return path === null ? null : { href: localizedPath(lang, path), label: `portal.inbox.open.${item.category}` };
}
