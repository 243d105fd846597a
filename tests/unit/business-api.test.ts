import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/core/api/client.ts";
import { ApiError } from "../../src/core/api/errors.ts";
import { businessApi } from "../../src/core/business/api.ts";
import { queryFromSearch } from "../../src/core/business/invoice-filters.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * The site's business calls (src/core/business/api.ts) through the real API client against the
 * stand-in: the paths, query parameters and bodies the screens send are the ones the API takes.
 */
let backend: TestBackend;
let token = "";
beforeAll(async () => {
  backend = await startTestBackend();
  token = (await signIn(backend, "hoofdgebruiker@example.com")).access_token;
});
afterAll(() => backend.close());

function calls(accountNumber: string, lang: "nl" | "en" = "nl") {
  const api = createApiClient({
    apiUrl: backend.url,
    subscriptionKey: backend.key,
    accessToken: (rejected) => Promise.resolve(rejected ? undefined : token),
    onConsentRequired: () => undefined,
    retryDelayMs: 1,
  });
  return businessApi(api, accountNumber, lang);
}

describe("business calls of the site", () => {
  it("asks for the invoice page the URL describes", async () => {
    const list = await calls("100002").invoices(queryFromSearch("?status=overdue&sort=amountInclVat&order=asc&page=2&pageSize=10"));
    expect(list?.page).toBe(2);
    expect(list?.items).toHaveLength(10);
    expect(list?.items.every((invoice) => invoice.status === "overdue")).toBe(true);
    const csv = await calls("100002").invoicesCsv(queryFromSearch("?status=overdue&page=7"));
    expect((await csv?.text())?.trim().split("\r\n")).toHaveLength((list?.total ?? 0) + 1);
  });

  it("reads texts in the page's language", async () => {
    const documents = await calls("100001", "en").documents("other");
    expect(documents?.items.map((doc) => doc.title)).toEqual(["Tap hygiene manual", "General terms of delivery"]);
  });

  it("answers null for another customer's account (the screens show no-permission)", async () => {
    expect(await calls("100003").salesContract()).toBeNull();
  });

  it("turns a refused claim into field errors", async () => {
    const error = await calls("100001")
      .saveClaim({ period: "2099-Q1", wholesalers: [] })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).validation?.errors).toEqual([
      { field: "period", code: "not_ended" },
      { field: "wholesalers", code: "required" },
    ]);
  });

  it("uploads a file as multipart and refuses one by its content", async () => {
    const saved = await calls("100001").saveCorona({ lines: [], attachmentIds: [] }).catch((failure: unknown) => failure);
    expect((saved as ApiError).validation?.errors.map((e) => e.field)).toEqual(["lines", "attachments"]);
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const uploaded = await calls("100001").uploadCoronaAttachment(new File([png], "foto.png", { type: "image/png" }));
    expect(uploaded).toMatchObject({ fileName: "foto.png", contentType: "image/png", sizeBytes: png.length });
    const refused = await calls("100001")
      .uploadCoronaAttachment(new File(["not a picture"], "foto.jpg", { type: "image/jpeg" }))
      .catch((failure: unknown) => failure);
    expect((refused as ApiError).validation?.errors).toEqual([{ field: "file", code: "file_type" }]);
  });
});
