import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { api } from "../../../core/session/browser-client.ts";
import { uploadClient } from "../../../core/session/upload-client.ts";
import { businessApi, type BusinessApi } from "../../../core/business/api.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { $selectedAccount } from "../../../core/stores/selected-account.ts";

/** The business calls for the selected account (the portal guard renders children only once it is known). */
export function useBusinessApi(lang: Lang): { account: string; calls: BusinessApi } {
  const account = useStore($selectedAccount) ?? "";
  const calls = useMemo(() => businessApi(api(), account, lang, uploadClient), [account, lang]);
  return { account, calls };
}
