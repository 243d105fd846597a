import type { MessageKey } from "../i18n/index.ts";
import { localizedPath, type Lang } from "../i18n/locale.ts";
import { openClaimPeriods } from "./claim-periods.ts";

/** What the dashboard puts first: what the customer has to act on, most urgent first. */
export type AttentionItem =
  | { kind: "overdue"; amount: number; href: string; action: MessageKey }
  | { kind: "bonus"; period: string; href: string; action: MessageKey }
  | { kind: "unread"; count: number; href: string; action: MessageKey };

/**
 * What the dashboard knows so far; a part not (yet) loaded, or not the caller's to see, is
 * undefined and simply adds nothing.
 * - `overdue`: the overdue amount in cents (the one outstanding calculation, `outstanding.ts`);
 * - `claimed`: the periods that have a bonus claim, with `today` (yyyy-mm-dd, Europe/Amsterdam);
 * - `unread`: the number of unread notifications.
 */
export type AttentionInput = {
  overdue?: number | undefined;
  claimed?: ReadonlySet<string> | undefined;
  today: string;
  unread?: number | undefined;
};

/** Overdue money first, then a bonus the customer can still claim, then unread notifications. */
export function attentionItems(input: AttentionInput, lang: Lang): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (input.overdue !== undefined && input.overdue > 0) {
    items.push({ kind: "overdue", amount: input.overdue, href: `${localizedPath(lang, "/mijn-account/facturen")}?status=overdue`, action: "portal.attention.overdue.action" });
  }
  // The newest ended quarter with nothing claimed yet: the one the customer most likely forgot.
  const period = input.claimed ? openClaimPeriods(input.today, input.claimed)[0] : undefined;
  if (period) items.push({ kind: "bonus", period, href: localizedPath(lang, "/bonus"), action: "portal.attention.bonus.action" });
  if (input.unread !== undefined && input.unread > 0) {
    items.push({ kind: "unread", count: input.unread, href: localizedPath(lang, "/mijn-account/meldingen"), action: "portal.attention.unread.action" });
  }
  return items;
}
