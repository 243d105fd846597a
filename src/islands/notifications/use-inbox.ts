import { useEffect } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { InboxList } from "../../core/api/schemas/business/inbox.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { $inbox, ensureInbox, reloadInbox } from "../../core/portal/inbox.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { useTransitionStore } from "../shared/use-transition-store.ts";

/** The shared inbox store as a block's state, loading it once for the selected account. */
export function useInbox(accountNumber: string, lang: Lang): { state: ResourceState<InboxList>; reload: () => void } {
  useEffect(() => ensureInbox(api(), accountNumber, lang), [accountNumber, lang]);
  return { state: useTransitionStore($inbox), reload: () => void reloadInbox() };
}
