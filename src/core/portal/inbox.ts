import { atom, computed } from "nanostores";
import type { ApiClient } from "../api/client.ts";
// The schema file itself, not the business barrel: the inbox count ships with the portal shell.
import { InboxItemSchema, InboxListSchema, type InboxItem } from "../api/schemas/business/inbox.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { PORTAL_PATHS } from "./paths.ts";

export type InboxState = {
  status: "idle" | "loading" | "ready" | "error";
  items: InboxItem[];
  unread: number;
};

/**
 * The selected account's notifications, shared by every island on the page: the dashboard's area,
 * the notifications page and the unread count in the account panel read the same store, so opening
 * an item lowers the count everywhere at once.
 */
export const $inbox = atom<InboxState>({ status: "idle", items: [], unread: 0 });

/** The number of unread notifications; 0 until the inbox has loaded. */
export const $unreadCount = computed($inbox, (inbox) => inbox.unread);

let loading: Promise<void> | undefined;

/** Loads the inbox (GET /inbox); concurrent callers share one request. */
export function loadInbox(api: ApiClient, accountNumber: string, lang: Lang): Promise<void> {
  loading ??= (async () => {
    $inbox.set({ ...$inbox.get(), status: "loading" });
    try {
      const list = await api.request(PORTAL_PATHS.inbox, InboxListSchema, {
        searchParams: { accountNumber, locale: contentLocale(lang) },
      });
      $inbox.set(list ? { status: "ready", items: list.items, unread: list.unread } : { status: "ready", items: [], unread: 0 });
    } catch {
      $inbox.set({ ...$inbox.get(), status: "error" });
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/** Loads unless a load is done or under way. */
export function ensureInbox(api: ApiClient, accountNumber: string, lang: Lang): void {
  if ($inbox.get().status === "idle") void loadInbox(api, accountNumber, lang);
}

/**
 * Opens a notification (POST /inbox/{guid}): the API marks it read and answers it; the store takes
 * the answer and, when it was unread, lowers the count.
 */
export async function openInboxItem(api: ApiClient, accountNumber: string, guid: string, lang: Lang): Promise<InboxItem | null> {
  const item = await api.request(PORTAL_PATHS.inboxItem(guid), InboxItemSchema, {
    method: "POST",
    searchParams: { accountNumber, locale: contentLocale(lang) },
  });
  if (item) markRead(item);
  return item;
}

/** Takes an item as the API now has it (read) into the store. */
export function markRead(item: InboxItem): void {
  const state = $inbox.get();
  const before = state.items.find((entry) => entry.guid === item.guid);
  const wasUnread = before ? !before.read : false;
  $inbox.set({
    ...state,
    items: before ? state.items.map((entry) => (entry.guid === item.guid ? item : entry)) : state.items,
    unread: wasUnread && item.read ? Math.max(0, state.unread - 1) : state.unread,
  });
}

/** Forgets the inbox (tests, account switch). */
export function resetInbox(): void {
  loading = undefined;
  $inbox.set({ status: "idle", items: [], unread: 0 });
}
