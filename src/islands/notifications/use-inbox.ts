import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { InboxItem } from "../../core/api/schemas/business.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { $inbox, ensureInbox, loadInbox } from "../../core/portal/inbox.ts";
import type { ResourceState } from "../../core/portal/resource.ts";

/** The shared inbox store as a block's state, loading it once for the selected account. */
export function useInbox(accountNumber: string, lang: Lang): { state: ResourceState<{ items: InboxItem[]; unread: number }>; reload: () => void } {
  const inbox = useStore($inbox);
  useEffect(() => ensureInbox(api(), accountNumber, lang), [accountNumber, lang]);
  const state: ResourceState<{ items: InboxItem[]; unread: number }> =
    inbox.status === "ready"
      ? { status: "ready", data: { items: inbox.items, unread: inbox.unread } }
      : inbox.status === "error"
        ? { status: "error", error: undefined }
        : { status: "loading" };
  return { state, reload: () => void loadInbox(api(), accountNumber, lang) };
}
