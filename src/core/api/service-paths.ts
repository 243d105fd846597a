import { id, V1 } from "./paths.ts";

/**
 * The service requests' calls (additions), a table (and a module) of their own: only the service screen
 * and the dashboard's lazily loaded daily block make them, so the first portal page, which carries
 * `PATHS` whole, does not carry these (its script budget). The stand-in serves both tables.
 */
export const SERVICE_PATHS = {
  /** GET: the account's service requests; POST: a new one. */
  serviceRequests: `${V1}/service-requests`,
  /** GET: one request with its history. */
  serviceRequest: (request: string) => `${V1}/service-requests/${id(request)}`,
  /** POST: the customer's reply. */
  serviceReplies: (request: string) => `${V1}/service-requests/${id(request)}/replies`,
  /** POST: a photo for a request not yet sent. */
  serviceAttachments: `${V1}/service-attachments`,
  /** GET: a request's photo. */
  serviceAttachment: (attachment: string) => `${V1}/service-attachments/${id(attachment)}`,
} as const;
