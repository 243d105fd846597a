import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { serviceApi, type ServiceApi } from "../../../core/business/service-api.ts";
import { api } from "../../../core/session/browser-client.ts";
import { uploadClient } from "../../../core/session/upload-client.ts";
import { $selectedAccount } from "../../../core/stores/selected-account.ts";

/** The service calls for the selected account (the guard renders children only once it is known). */
export function useServiceApi(): ServiceApi {
  const account = useStore($selectedAccount) ?? "";
  return useMemo(() => serviceApi(api(), account, uploadClient), [account]);
}
