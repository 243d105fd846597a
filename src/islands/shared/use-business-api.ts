import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { api } from "../../core/session/browser-client.ts";
import { uploadClient } from "../../core/session/upload-client.ts";
import { businessApi, type BusinessApi } from "../../core/business/api.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { $selectedAccount } from "../../core/stores/selected-account.ts";
import { useResource } from "./use-resource.ts";

/** The business calls for the selected account (the portal guard renders children only once it is known). */
export function useBusinessApi(lang: Lang): { account: string; calls: BusinessApi } {
  const account = useStore($selectedAccount) ?? "";
  const calls = useMemo(() => businessApi(api(), account, lang, uploadClient), [account, lang]);
  return { account, calls };
}

/**
 * A block of business data (useResource): `pick` makes the call with the calls of the account it
 * loads for, which a superseded load aborts.
 */
export function useBusinessResource<T>(
  lang: Lang,
  pick: (calls: BusinessApi) => Promise<T | null>,
  params: unknown = null,
): { state: ResourceState<T>; reload: () => void } {
  return useResource((account, client) => pick(businessApi(client, account, lang)), [lang, params]);
}
