import { atom, computed } from "nanostores";
import type { ApiClient } from "../api/client.ts";
// The schema file itself, not the business barrel: the inbox count ships with the portal shell.
import { InboxItemSchema, InboxListSchema, type InboxItem, type InboxList } from "../api/schemas/business/inbox.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { dataOf, keyedResource } from "../stores/resource.ts";
import { PATHS } from "../api/paths.ts";

/** Whose inbox, in which language, through which client: set by `ensureInbox`. */
type InboxFor = { api: ApiClient; accountNumber: string; lang: Lang };

const EMPTY: InboxList = { items: [], unread: 0 };
const $inboxFor = atom<InboxFor | undefined>(undefined);

/**
 * The selected account's notifications, shared by every island on the page: the dashboard's area,
 * the notifications page and the unread count in the account panel read the same store, so opening
 * an item lowers the count everywhere at once. It is the one data primitive, keyed by whose inbox:
 * it loads once something shows it, again for another account or language, and aborts a load for
 * one no longer asked for. A refusal (403) reads as an empty inbox.
 */
const inbox = keyedResource($inboxFor, async (wanted, signal) => {
  if (!wanted) return EMPTY;
  const { api, accountNumber, lang } = wanted;
  return (await api.request(PATHS.inbox, InboxListSchema, { searchParams: { accountNumber, locale: contentLocale(lang) }, signal })) ?? EMPTY;
});
export const $inbox = inbox.$state;

/** The number of unread notifications; 0 until the inbox has loaded. */
export const $unreadCount = computed($inbox, (state) => dataOf(state)?.unread ?? 0);

/** Asks for this account's inbox in this language (several islands ask on one page; the first one counts). */
export function ensureInbox(api: ApiClient, accountNumber: string, lang: Lang): void {
  const wanted = $inboxFor.get();
  if (wanted?.accountNumber !== accountNumber || wanted.lang !== lang) $inboxFor.set({ api, accountNumber, lang });
}

/** Loads the inbox asked for again (the retry button). */
export const reloadInbox = (): Promise<void> => inbox.load();

/**
 * Opens a notification (POST /inbox/{guid}): the API marks it read and answers it; the store takes
 * the answer and, when it was unread, lowers the count.
 */
export async function openInboxItem(api: ApiClient, accountNumber: string, guid: string, lang: Lang): Promise<InboxItem | null> {
  const item = await api.request(PATHS.inboxItem(guid), InboxItemSchema, {
    method: "POST",
    searchParams: { accountNumber, locale: contentLocale(lang) },
  });
  if (item) markRead(item);
  return item;
}

/**
 * Takes an item as the API now has it (read) into the loaded inbox. While the inbox still loads
 * there is nothing to change: the answer on its way comes from the API, which has it read already.
 */
export function markRead(item: InboxItem): void {
  const state = $inbox.get();
  if (state.status !== "ready") return;
  const { items, unread } = state.data;
  const before = items.find((entry) => entry.guid === item.guid);
  inbox.set({
    items: items.map((entry) => (entry.guid === item.guid ? item : entry)),
    unread: before && !before.read && item.read ? Math.max(0, unread - 1) : unread,
  });
}

/** Forgets which inbox was asked for, and the inbox (tests). */
export function resetInbox(): void {
  $inboxFor.set(undefined);
  inbox.reset();
}
