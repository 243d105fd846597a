import {
  SERVICE_KINDS,
  SERVICE_REFERENCE_TYPES,
  ServiceRequestInputSchema,
  type ServiceKind,
  type ServiceReference,
  type ServiceRequestInput,
  type ServiceRequestSummary,
  type ServiceStatus,
} from "../api/schemas/business/service.ts";
import type { Lang } from "../i18n/locale.ts";
import { screenHref } from "../portal/screens.ts";
import { validateFields, type FieldError } from "../validation/field-error.ts";

/** Whether a request still waits on the supplier: anything not resolved. */
export const isOpen = (status: ServiceStatus): boolean => status !== "resolved";

/** The open requests of an account and the most recently changed of them (the list is already newest first). */
export function openRequests(items: readonly ServiceRequestSummary[]): { count: number; newest: ServiceRequestSummary | undefined } {
  const open = items.filter((item) => isOpen(item.status));
  return { count: open.length, newest: open[0] };
}

/**
 * A new request's refusals, the same on both sides: a kind, a description (trimmed, at most
 * MAX_SERVICE_TEXT), a well-formed reference, at most MAX_ATTACHMENTS photos. Whether the reference
 * is the account's own only the API can tell (`reference.number` `unknown`).
 */
export const validateServiceRequest = (input: ServiceRequestInput): FieldError[] => validateFields(ServiceRequestInputSchema, input);

/** The request's title in lists: the description's first line, at most 80 characters. */
export function serviceTitle(description: string): string {
  const line = description.trim().split(/\r?\n/)[0]?.trim() ?? "";
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

/** The kind a request raised from a screen starts with: an invoice is a question about it, a delivery's empties a return. */
const KIND_FOR_REFERENCE: Record<ServiceReference["type"], ServiceKind> = {
  invoice: "invoice_question",
  delivery: "missing_items",
  empties: "return",
};

/** What the new-request form starts with, read from its URL (`?new=1&ref=delivery:LV-1&kind=breakage`). */
export type ServiceDraftStart = { open: boolean; kind: ServiceKind | ""; reference: ServiceReference | null };

export function draftFromQuery(params: URLSearchParams): ServiceDraftStart {
  const [type, number] = (params.get("ref") ?? "").split(":", 2);
  const reference =
    type && number && (SERVICE_REFERENCE_TYPES as readonly string[]).includes(type) && /^[A-Za-z0-9_-]{1,40}$/.test(number)
      ? { type: type as ServiceReference["type"], number }
      : null;
  const asked = params.get("kind") ?? "";
  const kind = (SERVICE_KINDS as readonly string[]).includes(asked) ? (asked as ServiceKind) : reference ? KIND_FOR_REFERENCE[reference.type] : "";
  return { open: params.has("new") || reference !== null, kind, reference };
}

/** The link that opens the new-request form with a reference filled in (from an invoice, a delivery, an empties line). */
export function newServiceHref(lang: Lang, reference: ServiceReference, kind?: ServiceKind): string {
  const query = new URLSearchParams({ new: "1", ref: `${reference.type}:${reference.number}` });
  if (kind) query.set("kind", kind);
  return `${screenHref("service", lang)}?${query.toString()}`;
}

/** One request's page (`?id=`), as the list and the notifications link to it. */
export const serviceRequestHref = (lang: Lang, id: string): string => `${screenHref("service", lang)}?id=${encodeURIComponent(id)}`;
