import { computed } from "nanostores";
import type { ApiClient } from "../api/client.ts";
// The schema file itself, not the business barrel: the inbox count ships with the portal shell.
import { InboxItemSchema, InboxListSchema, type InboxItem, type InboxList } from "../api/schemas/business/inbox.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { createResource, dataOf } from "../stores/resource.ts";
import { PATHS } from "../api/paths.ts";

/** What the next load asks for; set by `loadInbox`, which islands give the page's API client. */
let fetchInbox: (signal: AbortSignal) => Promise<InboxList | null> = () => Promise.resolve(null);
/** The account and language the inbox was last asked for. */
let requested = "";

/**
 * The selected account's notifications, shared by every island on the page: the dashboard's area,
 * the notifications page and the unread count in the account panel read the same store, so opening
 * an item lowers the count everywhere at once. A refusal (403) reads as an empty inbox.
 */
const inbox = createResource<InboxList>(async (signal) => (await fetchInbox(signal)) ?? { items: [], unread: 0 });
export const $inbox = inbox.$state;

/** The number of unread notifications; 0 until the inbox has loaded. */
export const $unreadCount = computed($inbox, (state) => dataOf(state)?.unread ?? 0);

/** Loads the inbox (GET /inbox) now; an answer for an earlier request is dropped. */
export function loadInbox(api: ApiClient, accountNumber: string, lang: Lang): Promise<void> {
  requested = `${accountNumber} ${lang}`;
  fetchInbox = (signal) => api.request(PATHS.inbox, InboxListSchema, { searchParams: { accountNumber, locale: contentLocale(lang) }, signal });
  return inbox.load();
}

/** Loads unless this account's inbox in this language is loaded or under way (several islands ask on one page). */
export function ensureInbox(api: ApiClient, accountNumber: string, lang: Lang): void {
  if (requested !== `${accountNumber} ${lang}`) void loadInbox(api, accountNumber, lang);
}

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

/** Forgets which inbox was asked for, so the next `ensureInbox` loads again (tests). */
export function resetInbox(): void {
  requested = "";
}
