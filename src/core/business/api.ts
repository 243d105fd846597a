import * as v from "valibot";
import type { ApiClient } from "../api/client.ts";
import { bundleParams, type BundleRequest } from "./invoice-bundle.ts";
import { PATHS } from "../api/paths.ts";
import {
  AttachmentSchema,
  BonusClaimSchema,
  DeletedAttachmentSchema,
  BonusOverviewSchema,
  CoronaResponseSchema,
  DeliveryListSchema,
  DeliverySchema,
  EmptiesLedgerSchema,
  DocumentListSchema,
  InvoiceListSchema,
  MonthlyBundleSchema,
  OutletsOverviewSchema,
  PaymentSchema,
  IDEMPOTENCY_KEY_HEADER,
  ProductListSchema,
  SalesContractResponseSchema,
  WholesalerListSchema,
  type BonusClaimInput,
  type BonusSubmitInput,
  type CoronaInput,
  type DocumentType,
  type InvoiceQuery,
  type MonthlyBundleInput,
} from "../api/schemas/business.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { invoiceQueryToParams } from "./invoice-query.ts";

/** Reports an upload's bytes sent so far of its total. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * Typed business calls for the islands. Each returns null when the API refused with a 403 (the
 * page then shows the no-permission state) and throws ApiError/network errors otherwise. Uploads
 * go through `uploader` when they report progress: a client whose transport can tell bytes sent.
 */
export function businessApi(api: ApiClient, accountNumber: string, lang: Lang, uploader: (onProgress: UploadProgress) => ApiClient = () => api) {
  const via = (onProgress?: UploadProgress): ApiClient => (onProgress ? uploader(onProgress) : api);
  const base = { accountNumber, locale: contentLocale(lang) };
  const query = (extra: Record<string, string | undefined> = {}) => ({ ...base, ...extra });
  return {
    invoices: (q: InvoiceQuery) =>
      api.request(PATHS.invoices, InvoiceListSchema, { searchParams: query(Object.fromEntries(invoiceQueryToParams(q))) }),
    invoicesCsv: (q: InvoiceQuery) =>
      api.download(PATHS.invoicesCsv, { searchParams: query(Object.fromEntries(invoiceQueryToParams({ ...q, page: 1 }))) }),
    invoicePdf: (id: string) => api.download(PATHS.invoicePdf(id), { searchParams: query() }),
    /** Addition: the backend creates a payment of these invoices at the provider and answers its checkout. */
    createPayment: (invoiceIds: string[], idempotencyKey: string) =>
      api.request(PATHS.invoicePayments, PaymentSchema, {
        method: "POST",
        json: { invoiceIds },
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        searchParams: query(),
        failOnError: true,
      }),
    payment: (id: string) => api.request(PATHS.invoicePayment(id), PaymentSchema, { searchParams: query() }),
    invoiceUbl: (id: string) => api.download(PATHS.invoiceUbl(id), { searchParams: query() }),
    /** The main user's monthly bundle; null (a 403) for anyone else, who is not offered it. */
    monthlyBundle: () => api.request(PATHS.monthlyBundle, MonthlyBundleSchema, { searchParams: query() }),
    saveMonthlyBundle: (input: MonthlyBundleInput) =>
      api.request(PATHS.monthlyBundle, MonthlyBundleSchema, { method: "PUT", json: input, searchParams: query(), failOnError: true }),
    /** The period's ZIP; a refusal (nothing, too many) throws an ApiError with its 400 body. */
    invoicesZip: (request: BundleRequest, onProgress?: (receivedBytes: number) => void) =>
      api.download(PATHS.invoicesZip, {
        searchParams: query(Object.fromEntries(bundleParams(request))),
        ...(onProgress ? { onDownloadProgress: onProgress } : {}),
      }),
    documents: (type?: DocumentType) => api.request(PATHS.documents, DocumentListSchema, { searchParams: query({ type }) }),
    documentDownload: (id: string) => api.download(PATHS.documentDownload(id), { searchParams: query() }),
    salesContract: () => api.request(PATHS.salesContract, SalesContractResponseSchema, { searchParams: query() }),
    products: () => api.request(PATHS.products, ProductListSchema, { searchParams: query() }),
    wholesalers: () => api.request(PATHS.wholesalers, WholesalerListSchema, { searchParams: query() }),
    claims: () => api.request(PATHS.claims, BonusOverviewSchema, { searchParams: query() }),
    claim: (id: string) => api.request(PATHS.claim(id), BonusClaimSchema, { searchParams: query() }),
    saveClaim: (input: BonusClaimInput) =>
      api.request(PATHS.claims, BonusClaimSchema, { method: "POST", json: input, searchParams: query(), failOnError: true }),
    submitClaim: (id: string, input: BonusSubmitInput = {}) =>
      api.request(PATHS.submitClaim(id), BonusClaimSchema, { method: "POST", json: input, searchParams: query(), failOnError: true }),
    claimAttachments: (id: string, wholesalerId: string) =>
      api.request(PATHS.claimAttachments(id), v.array(AttachmentSchema), { searchParams: query({ wholesalerId }) }),
    uploadClaimAttachment: (id: string, wholesalerId: string, file: File, onProgress?: UploadProgress) =>
      via(onProgress).request(PATHS.claimAttachments(id), AttachmentSchema, {
        method: "POST",
        body: fileForm(file),
        searchParams: query({ wholesalerId }),
        failOnError: true,
      }),
    /** A statement uploaded to a claim, as a file (addition: GET /actualssalesdata/{id}/attachments/{attachmentId}). */
    claimAttachment: (id: string, attachmentId: string) => api.download(PATHS.claimAttachment(id, attachmentId), { searchParams: query() }),
    deleteClaimAttachment: (id: string, attachmentId: string) =>
      api.request(PATHS.claimAttachment(id, attachmentId), DeletedAttachmentSchema, { method: "DELETE", searchParams: query(), failOnError: true }),
    /** Every outlet of the caller (not only the selected account). */
    outlets: () => api.request(PATHS.outlets, OutletsOverviewSchema, { searchParams: { locale: contentLocale(lang) } }),
    /** The next delivery and the delivered ones of the period (addition: GET /deliveries). */
    deliveries: (period: { from?: string | undefined; to?: string | undefined } = {}) =>
      api.request(PATHS.deliveries, DeliveryListSchema, { searchParams: query(period) }),
    /** One delivery by its number (addition: GET /deliveries/{number}). */
    delivery: (number: string) => api.request(PATHS.delivery(number), DeliverySchema, { searchParams: query() }),
    /** Its delivery note as a PDF (addition: GET /deliveries/{number}/pdf). */
    deliveryNote: (number: string) => api.download(PATHS.deliveryNote(number), { searchParams: query() }),
    /** The empties ledger of the period (addition: GET /empties) and its CSV export. */
    empties: (period: { from?: string | undefined; to?: string | undefined } = {}) =>
      api.request(PATHS.empties, EmptiesLedgerSchema, { searchParams: query(period) }),
    emptiesCsv: (period: { from?: string | undefined; to?: string | undefined } = {}) => api.download(PATHS.emptiesCsv, { searchParams: query(period) }),
    corona: () => api.request(PATHS.corona, CoronaResponseSchema, { searchParams: query() }),
    saveCorona: (input: CoronaInput) =>
      api.request(PATHS.corona, CoronaResponseSchema, { method: "PUT", json: input, searchParams: query(), failOnError: true }),
    uploadCoronaAttachment: (file: File, onProgress?: UploadProgress) =>
      via(onProgress).request(PATHS.coronaAttachments, AttachmentSchema, {
        method: "POST",
        body: fileForm(file),
        searchParams: query(),
        failOnError: true,
      }),
    coronaAttachment: (id: string) => api.download(PATHS.coronaAttachment(id), { searchParams: query() }),
  };
}
export type BusinessApi = ReturnType<typeof businessApi>;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}
