import type { ApiClient } from "../api/client.ts";
import { SERVICE_PATHS as PATHS } from "../api/service-paths.ts";
import { AttachmentSchema, IDEMPOTENCY_KEY_HEADER } from "../api/schemas/business.ts";
import type { Locale } from "../api/schemas/common.ts";
import { ServiceRequestListSchema, ServiceRequestSchema, type ServiceRequestInput } from "../api/schemas/business/service.ts";
import type { UploadProgress } from "./api.ts";

/**
 * The service requests' calls (additions) for the selected account, apart from `businessApi` so that
 * only the service screen and the dashboard's lazy block carry them. Each returns null on a 403 and
 * throws ApiError (with `validation` for a 400) otherwise, as `businessApi` does.
 */
export function serviceApi(api: ApiClient, accountNumber: string, uploader: (onProgress: UploadProgress) => ApiClient = () => api) {
  const searchParams = { accountNumber };
  return {
    list: () => api.request(PATHS.serviceRequests, ServiceRequestListSchema, { searchParams }),
    one: (id: string) => api.request(PATHS.serviceRequest(id), ServiceRequestSchema, { searchParams }),
    /** `idempotencyKey` is made once per attempt: sending again after a lost answer finds the first request. */
    create: (input: ServiceRequestInput, idempotencyKey: string) =>
      api.request(PATHS.serviceRequests, ServiceRequestSchema, {
        method: "POST",
        json: input,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        searchParams,
        failOnError: true,
      }),
    /** `locale`: the language the reply is written in, the screen's. */
    reply: (id: string, text: string, locale: Locale) =>
      api.request(PATHS.serviceReplies(id), ServiceRequestSchema, { method: "POST", json: { text, locale }, searchParams, failOnError: true }),
    upload: (file: File, onProgress?: UploadProgress) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (onProgress ? uploader(onProgress) : api).request(PATHS.serviceAttachments, AttachmentSchema, { method: "POST", body: form, searchParams, failOnError: true });
    },
    photo: (id: string) => api.download(PATHS.serviceAttachment(id), { searchParams }),
  };
}
export type ServiceApi = ReturnType<typeof serviceApi>;
