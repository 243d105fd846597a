import { isCredit } from "../../src/core/business/invoice-status.ts";
import { PDFDocument } from "pdf-lib";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AttachmentSchema,
  BonusClaimSchema,
  BonusOverviewSchema,
  CoronaResponseSchema,
  DeletedAttachmentSchema,
  DocumentListSchema,
  MAX_ATTACHMENTS,
  InboxItemSchema,
  InboxListSchema,
  InvoiceListSchema,
  ProductListSchema,
  SalesContractResponseSchema,
  WholesalerListSchema,
  type BonusClaim,
  type Invoice,
} from "../../src/core/api/schemas/business.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { claimablePeriods } from "../../src/core/business/bonus-periods.ts";
import { compareClaim, recordedReference } from "../../src/core/business/claim-check.ts";
import { clock as businessClock } from "../../stand-in/api/routes/business/shared.ts";
import { invoiceFacts } from "../../stand-in/pdf/invoice.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/** Access tokens per demo user, signed in once through the stand-in identity provider. */
const tokens = new Map<string, Promise<string>>();
function authorizationFor(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = signIn(backend, email).then((t) => `Bearer ${t.access_token}`);
    tokens.set(email, token);
  }
  return token;
}

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

type Call = { as?: string; account?: string; method?: string; body?: BodyInit; json?: unknown; query?: Record<string, string> };

/** Calls the stand-in API as a demo user (hoofdgebruiker by default) on an account (100001 by default). */
async function call(path: string, options: Call = {}): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  url.searchParams.set("accountNumber", options.account ?? "100001");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {
    "ocp-apim-subscription-key": backend.key,
    authorization: await authorizationFor(options.as ?? "hoofdgebruiker@example.com"),
  };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  return fetch(url, {
    method: options.method ?? "GET",
    headers,
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : options.body ? { body: options.body } : {}),
  });
}

async function json<TSchema extends v.GenericSchema>(response: Response, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
}

async function refusal(response: Response): Promise<{ field: string; code: string }[]> {
  expect(response.status).toBe(400);
  return v.parse(ValidationErrorSchema, await response.json()).errors;
}

const bytes = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
const PDF = bytes("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
const GIF = bytes("GIF89a\x01\x00\x01\x00\x00\x00\x00;");

function form(content: Uint8Array<ArrayBuffer> | undefined, name = "statement.pdf", type = "application/pdf"): FormData {
  const data = new FormData();
  if (content) data.append("file", new Blob([content], { type }), name);
  else data.append("note", "no file here");
  return data;
}

describe("invoices", () => {
  it("pages through 5,000 invoices with totals of what is open and overdue", async () => {
    const list = await json(await call("/invoices", { account: "100002", query: { pageSize: "100", page: "3" } }), InvoiceListSchema);
    expect(list.total).toBe(5000);
    expect(list.items).toHaveLength(100);
    expect(list.page).toBe(3);
    expect(list.totals.open).toBeGreaterThan(0);
    expect(list.totals.overdue).toBeGreaterThan(0);
    const overdue = await json(await call("/invoices", { account: "100002", query: { status: "overdue", pageSize: "100" } }), InvoiceListSchema);
    const all = await call("/invoices/export.csv", { account: "100002", query: { status: "overdue" } });
    // Dutch spreadsheets: semicolons between cells, a decimal comma.
    const amounts = (await all.text()).trim().split("\r\n").slice(1).map((line) => Math.round(Number(line.split(";")[8]?.replace(",", ".")) * 100));
    expect(amounts).toHaveLength(overdue.total);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(list.totals.overdue);
  });

  it("filters by status and period, searches the number, sorts and pages without overlap", async () => {
    const query = { status: "paid", from: "2025-01-01", to: "2025-06-30", sort: "amountInclVat", order: "asc", pageSize: "50" };
    const first = await json(await call("/invoices", { account: "100002", query }), InvoiceListSchema);
    const second = await json(await call("/invoices", { account: "100002", query: { ...query, page: "2" } }), InvoiceListSchema);
    const items = [...first.items, ...second.items];
    for (const invoice of items) {
      expect(invoice.status).toBe("paid");
      expect(invoice.invoiceDate >= "2025-01-01" && invoice.invoiceDate <= "2025-06-30").toBe(true);
    }
    const amounts = items.map((invoice) => invoice.amountInclVat);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(items.map((invoice) => invoice.id)).size).toBe(items.length);

    const search = await json(await call("/invoices", { account: "100002", query: { q: "00421" } }), InvoiceListSchema);
    expect(search.total).toBeGreaterThan(0);
    for (const invoice of search.items) expect(invoice.number).toContain("00421");
  });

  it("decides overdue from the due date and today in Amsterdam: the list, the filter, the totals and the export agree", async () => {
    const realNow = businessClock.now;
    const on = async (instant: string) => {
      businessClock.now = () => new Date(instant);
      const all = await json(await call("/invoices", { query: { pageSize: "100" } }), InvoiceListSchema);
      const overdue = await json(await call("/invoices", { query: { status: "overdue", pageSize: "100" } }), InvoiceListSchema);
      const csv = (await (await call("/invoices/export.csv", { query: { q: "91000059" } })).text()).split("\r\n")[1]?.split(";");
      const byNumber = (number: string) => all.items.find((invoice) => invoice.number === number) as Invoice;
      return { all, overdue, csv, due: byNumber("91000059"), credit: byNumber("91000041") };
    };
    try {
      // Invoice 91000059 falls due on 16-11-2026: open all that day in Amsterdam, overdue from the next.
      const dueDay = await on("2026-11-16T22:59:00Z");
      expect(dueDay.due.status).toBe("open");
      expect(dueDay.csv?.[2]).toBe("Open");
      const dayAfter = await on("2026-11-16T23:01:00Z");
      expect(dayAfter.due.status).toBe("overdue");
      expect(dayAfter.csv?.[2]).toBe("Vervallen");
      expect(dayAfter.all.totals.overdue - dueDay.all.totals.overdue).toBe(dayAfter.due.amountInclVat);

      // The review's day: the credit note is never overdue nor netted into the overdue amount.
      const review = await on("2026-11-27T12:00:00+01:00");
      expect(review.credit.amountInclVat).toBe(-20_078);
      expect(review.credit.status).toBe("open");
      expect(review.overdue.items.some((invoice) => invoice.type === "credit_note" || invoice.amountInclVat < 0)).toBe(false);
      const overdueSum = review.overdue.items.reduce((sum, invoice) => sum + invoice.amountInclVat, 0);
      expect(review.all.totals.overdue).toBe(overdueSum);
      // 91000042, -48, -56, -57 and -59 (€ 9.661,62); the review's € 9.460,84 still netted the credit note's € 200,78.
      // 91000061 falls due that very day and is still open.
      expect(review.all.totals.overdue).toBe(966_162);
      expect(review.all.items.find((invoice) => invoice.number === "91000061")?.status).toBe("open");
      const unpaid = review.all.items.filter((invoice) => invoice.status !== "paid");
      expect(review.all.totals.open + review.all.totals.overdue).toBe(unpaid.reduce((sum, invoice) => sum + invoice.amountInclVat, 0));
    } finally {
      businessClock.now = realNow;
    }
  });

  it("refuses a malformed query naming the parameters", async () => {
    expect(await refusal(await call("/invoices", { query: { status: "late", pageSize: "1000" } }))).toEqual([
      { field: "status", code: "invalid" },
      { field: "pageSize", code: "invalid" },
    ]);
  });

  it("serves an invoice as a real PDF, and only the account's own", async () => {
    const list = await json(await call("/invoices", { query: { pageSize: "1" } }), InvoiceListSchema);
    const invoice = list.items[0] as Invoice;
    const response = await call(`/invoices/${invoice.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`factuur-${invoice.number}.pdf`);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(body.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(body);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getTitle()).toContain(invoice.number);
    // The site's own company, and dates as the portal writes them.
    expect(pdf.getAuthor()).toBe("Van Dam Dranken B.V.");
    expect(invoiceFacts(invoice, "nl")).toContain(`Vervaldatum: ${invoice.dueDate.slice(8, 10)}-${invoice.dueDate.slice(5, 7)}-${invoice.dueDate.slice(0, 4)}`);

    expect((await call(`/invoices/${invoice.id}/pdf`, { account: "100002" })).status).toBe(404);
  });

  it("serves an invoice as a UBL e-invoice with the checks of the PDF", async () => {
    const list = await json(await call("/invoices", { query: { pageSize: "1" } }), InvoiceListSchema);
    const invoice = list.items[0] as Invoice;
    const response = await call(`/invoices/${invoice.id}/ubl`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`factuur-${invoice.number}.xml`);
    const xml = await response.text();
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="EUR">${(Math.abs(invoice.amountInclVat) / 100).toFixed(2)}</cbc:PayableAmount>`);
    // Another account of the caller: no such invoice there; an account not the caller's: refused.
    expect((await call(`/invoices/${invoice.id}/ubl`, { account: "100002" })).status).toBe(404);
    expect((await call(`/invoices/${invoice.id}/ubl`, { account: "100003" })).status).toBe(403);
  });

  it("exports the filtered list as CSV", async () => {
    const query = { status: "open", sort: "number", order: "asc" };
    const list = await json(await call("/invoices", { query: { ...query, pageSize: "100" } }), InvoiceListSchema);
    const response = await call("/invoices/export.csv", { query });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Factuurnummer;Soort;Status;Factuurdatum;Vervaldatum;Betaald op;Excl. btw;Btw;Incl. btw;Uw referentie");
    const rows = lines.slice(1).map((line) => line.split(";"));
    expect(rows.map((row) => row[0])).toEqual(list.items.map((invoice) => invoice.number));
    // Open invoices read "Open"; an open credit note is a credit to the customer.
    expect(rows.map((row) => row[2])).toEqual(list.items.map((invoice) => (isCredit(invoice) ? "Tegoed" : "Open")));
    const english = (await (await call("/invoices/export.csv", { query: { ...query, locale: "en-US" } })).text()).split("\r\n");
    expect(english[0]).toBe("Invoice number,Type,Status,Invoice date,Due date,Paid on,Excl. VAT,VAT,Incl. VAT,Your reference");
    const first = list.items[0] as Invoice;
    expect(rows[0]?.[8]).toBe((first.amountInclVat / 100).toFixed(2).replace(".", ","));
  });
});

describe("documents", () => {
  it("lists documents by type and downloads one with the listed size", async () => {
    const all = await json(await call("/documents"), DocumentListSchema);
    expect(new Set(all.items.map((doc) => doc.type))).toEqual(new Set(["contract", "price_list", "invoice_copy", "other"]));
    const priceLists = await json(await call("/documents", { query: { type: "price_list", locale: "en-US" } }), DocumentListSchema);
    expect(priceLists.items.map((doc) => doc.title)).toEqual(["Price list 2026", "Price list 2025", "Price list 2024"]);
    const doc = priceLists.items[0];
    const response = await call(`/documents/${doc?.id}/download`);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(doc?.sizeBytes);
    expect((await PDFDocument.load(body)).getPageCount()).toBe(1);
    expect(await refusal(await call("/documents", { query: { type: "memo" } }))).toEqual([{ field: "type", code: "invalid" }]);
  });
});

describe("inbox", () => {
  it("lists notifications and marks one read when it is opened", async () => {
    const before = await json(await call("/inbox", { account: "100002" }), InboxListSchema);
    const unread = before.items.find((item) => !item.read);
    expect(unread).toBeDefined();
    const peek = await json(await call(`/inbox/${unread?.guid}`, { account: "100002" }), InboxItemSchema);
    expect(peek.read).toBe(false);
    const opened = await json(await call(`/inbox/${unread?.guid}`, { account: "100002", method: "POST" }), InboxItemSchema);
    expect(opened.read).toBe(true);
    const after = await json(await call("/inbox", { account: "100002" }), InboxListSchema);
    expect(after.unread).toBe(before.unread - 1);
    expect((await call(`/inbox/${unread?.guid}`, { account: "100001" })).status).toBe(404);
  });
  it("tells each person only about what they may see on the account", async () => {
    const all = await json(await call("/inbox"), InboxListSchema);
    expect(new Set(all.items.map((item) => item.category))).toEqual(new Set(["invoice", "bonus", "contract", "general"]));
    const invoicesOnly = await json(await call("/inbox", { as: "facturen@example.com" }), InboxListSchema);
    expect(new Set(invoicesOnly.items.map((item) => item.category))).toEqual(new Set(["invoice", "general"]));
    expect(invoicesOnly.unread).toBe(invoicesOnly.items.filter((item) => !item.read).length);
    const bonus = all.items.find((item) => item.category === "bonus");
    expect((await call(`/inbox/${bonus?.guid}`, { as: "facturen@example.com" })).status).toBe(404);
    expect((await call(`/inbox/${bonus?.guid}`, { as: "facturen@example.com", method: "POST" })).status).toBe(404);
    const administrator = await json(await call("/inbox", { as: "admin@example.com" }), InboxListSchema);
    expect(administrator.items).toHaveLength(all.items.length);
  });
});

describe("each account's own notifications", () => {
  it("differ per account, tell no account about a contract it does not have, and name the account's own invoices", async () => {
    const first = await json(await call("/inbox", { account: "100001" }), InboxListSchema);
    const second = await json(await call("/inbox", { account: "100002" }), InboxListSchema);
    const titles = (list: typeof first): string[] => list.items.map((item) => item.title);
    expect(titles(first)).not.toEqual(titles(second));
    expect(first.items.some((item) => item.category === "contract")).toBe(true);
    expect(second.items.some((item) => item.category === "contract")).toBe(false);
    for (const [account, list] of [["100001", first], ["100002", second]] as const) {
      const about = list.items.filter((item) => item.invoice !== null);
      expect(about.length, account).toBeGreaterThan(0);
      for (const item of about) {
        const number = item.invoice?.number ?? "";
        expect(item.title).toContain(number);
        const found = await json(await call("/invoices", { account, query: { q: number } }), InvoiceListSchema);
        const invoice = found.items.find((candidate) => candidate.number === number);
        expect(invoice, `${account} ${number}`).toBeDefined();
        expect(item.invoice).toMatchObject({ amountInclVat: invoice?.amountInclVat, dueDate: invoice?.dueDate, invoiceDate: invoice?.invoiceDate });
      }
    }
    const english = await json(await call("/inbox", { account: "100002", query: { locale: "en-US" } }), InboxListSchema);
    expect(english.items.find((item) => item.invoice)?.title).toMatch(/^(New invoice|Payment reminder for invoice) \d+$/);
  });
});

describe("sales contract", () => {
  it("answers the contract with agreed against actual volumes, or null without one", async () => {
    const contract = await json(await call("/salescontract"), SalesContractResponseSchema);
    expect(contract?.salescontractnumber).toBe("SWO-2024-0117");
    expect(contract?.volumes.map((volume) => volume.group)).toEqual(["pils", "special_beer", "non_alcoholic", "soft_drink"]);
    expect(contract?.volumes.some((volume) => volume.actualHl > 0)).toBe(true);
    expect(contract?.documents.every((doc) => doc.type === "contract")).toBe(true);
    const none = await json(await call("/salescontract", { account: "100002" }), SalesContractResponseSchema);
    expect(none).toBeNull();
  });
});

describe("bonus (actualssalesdata)", () => {
  it("lists products, wholesalers and settlements with tiers", async () => {
    const products = await json(await call("/actualssalesdata/products"), ProductListSchema);
    expect(products.length).toBeGreaterThan(5);
    await json(await call("/actualssalesdata/wholesalers"), WholesalerListSchema);
    const overview = await json(await call("/actualssalesdata/"), BonusOverviewSchema);
    expect(new Set(overview.items.map((claim) => claim.status))).toEqual(new Set(["calculated", "approved", "paid_out"]));
    expect(overview.tiers.map((tier) => tier.id)).toEqual(["bronze", "silver", "gold"]);
    const claim = overview.items[0] as BonusClaim;
    expect(claim.bonusAmount).toBe(Math.round(claim.volumeHl * (overview.tiers.find((t) => t.id === claim.tierId)?.ratePerHl ?? 0)));
    await json(await call(`/actualssalesdata/${claim.id}`), BonusClaimSchema);
  });

  it("takes a claim from draft through attachments to submitted", async () => {
    const overview = await json(await call("/actualssalesdata/"), BonusOverviewSchema);
    const taken = new Set(overview.items.map((claim) => claim.period));
    const period = claimablePeriods(new Date().toISOString().slice(0, 10)).find((p) => !taken.has(p)) as string;
    const input = {
      period,
      wholesalers: [
        { wholesalerId: "w-horecagroep", lines: [{ productId: "p-pils-krat", quantity: 120 }, { productId: "p-wit-fust", quantity: 0 }] },
        { wholesalerId: "w-kustdrank", lines: [{ productId: "p-pils-fust50", quantity: 10 }] },
      ],
    };
    const draft = await json(await call("/actualssalesdata", { method: "POST", json: input }), BonusClaimSchema);
    expect(draft.status).toBe("draft");
    expect(draft.volumeHl).toBeCloseTo(13.64, 2);
    expect(draft.wholesalers[0]?.lines).toEqual([{ productId: "p-pils-krat", quantity: 120, volumeHl: 8.64 }]);

    // 13,64 hl against the 2025 quarter's recorded volume: far enough to need a reason (claim-check.ts).
    const reference = recordedReference(overview.items, period);
    expect(compareClaim(draft.volumeHl, reference).far).toBe(true);
    expect(await refusal(await call(`/actualssalesdata/${draft.id}/submit`, { method: "POST" }))).toEqual([
      { field: "wholesalers.0.attachments", code: "required" },
      { field: "wholesalers.1.attachments", code: "required" },
      { field: "reason", code: "required" },
    ]);

    for (const [wholesalerId, content, name] of [["w-horecagroep", PDF, "april.pdf"], ["w-kustdrank", PNG, "bon.png"]] as const) {
      const uploaded = await json(
        await call(`/actualssalesdata/${draft.id}/attachments`, { method: "POST", body: form(content, name), query: { wholesalerId } }),
        AttachmentSchema,
      );
      expect(uploaded.contentType).toBe(content === PDF ? "application/pdf" : "image/png");
    }
    const listed = await json(
      await call(`/actualssalesdata/${draft.id}/attachments`, { query: { wholesalerId: "w-kustdrank" } }),
      v.array(AttachmentSchema),
    );
    expect(listed.map((a) => a.fileName)).toEqual(["bon.png"]);
    const file = await call(`/actualssalesdata/${draft.id}/attachments/${listed[0]?.id}`);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    // The same checks as every call on the claim: another account's or a user without BONUS/SWO gets nothing.
    expect((await call(`/actualssalesdata/${draft.id}/attachments/${listed[0]?.id}`, { account: "100002" })).status).toBe(404);
    expect((await call(`/actualssalesdata/${draft.id}/attachments/${listed[0]?.id}`, { as: "facturen@example.com" })).status).toBe(403);

    expect(await refusal(await call(`/actualssalesdata/${draft.id}/submit`, { method: "POST", json: { reason: " " } }))).toEqual([
      { field: "reason", code: "required" },
    ]);
    expect(await refusal(await call(`/actualssalesdata/${draft.id}/submit`, { method: "POST", json: { reason: "x".repeat(501) } }))).toEqual([
      { field: "reason", code: "too_long" },
    ]);
    const reason = "Terras gesloten door verbouwing";
    const submitted = await json(await call(`/actualssalesdata/${draft.id}/submit`, { method: "POST", json: { reason } }), BonusClaimSchema);
    expect(submitted.status).toBe("submitted");
    expect(submitted.reason).toBe(reason);
    const readBack = await json(await call(`/actualssalesdata/${draft.id}`), BonusClaimSchema);
    expect(readBack).toEqual(submitted);
    expect(readBack.wholesalers.map((w) => w.attachmentCount)).toEqual([1, 1]);

    expect(await refusal(await call("/actualssalesdata", { method: "POST", json: input }))).toEqual([
      { field: "period", code: "already_claimed" },
    ]);
  });

  it("counts a submitted claim toward no later tier until the supplier approves it", async () => {
    // In August 2027 (the business clock moved), so the quarters of 2027 are free whatever other tests claimed.
    const realNow = businessClock.now;
    businessClock.now = () => new Date("2027-08-15T12:00:00+02:00");
    try {
      const submitWith = async (period: string, quantity: number) => {
        const wholesalers = [{ wholesalerId: "w-sligro", lines: [{ productId: "p-pils-tank", quantity }] }];
        const draft = await json(await call("/actualssalesdata", { method: "POST", json: { period, wholesalers } }), BonusClaimSchema);
        await call(`/actualssalesdata/${draft.id}/attachments`, { method: "POST", body: form(PDF), query: { wholesalerId: "w-sligro" } });
        return json(await call(`/actualssalesdata/${draft.id}/submit`, { method: "POST", json: { reason: "Festival" } }), BonusClaimSchema);
      };
      const big = await submitWith("2027-Q1", 40); // 200 hl
      expect(big.status).toBe("submitted");
      const small = await submitWith("2027-Q2", 2); // 10 hl
      const tierOfSmall = async () => (await json(await call(`/actualssalesdata/${small.id}`), BonusClaimSchema)).tierId;
      // Under review, the 200 hl count toward nothing: 10 hl of its own is Brons.
      expect(await tierOfSmall()).toBe("bronze");
      const approve = await fetch(`${backend.url}/__test/bonus-approve`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ accountNumber: "100001", period: "2027-Q1" }),
      });
      expect(approve.status).toBe(200);
      expect((await json(await call(`/actualssalesdata/${big.id}`), BonusClaimSchema)).status).toBe("approved");
      // Approved, they do: 210 hl in 2027 is Zilver.
      expect(await tierOfSmall()).toBe("silver");
    } finally {
      businessClock.now = realNow;
    }
  });

  it("refuses uploads by content, size and absence", async () => {
    const overview = await json(await call("/actualssalesdata/", { account: "100002" }), BonusOverviewSchema);
    const taken = new Set(overview.items.map((claim) => claim.period));
    const period = claimablePeriods(new Date().toISOString().slice(0, 10)).find((p) => !taken.has(p)) as string;
    const draft = await json(
      await call("/actualssalesdata", {
        account: "100002",
        method: "POST",
        json: { period, wholesalers: [{ wholesalerId: "w-sligro", lines: [{ productId: "p-cola-krat", quantity: 5 }] }] },
      }),
      BonusClaimSchema,
    );
    const upload = (body: BodyInit, wholesalerId = "w-sligro") =>
      call(`/actualssalesdata/${draft.id}/attachments`, { account: "100002", method: "POST", body, query: { wholesalerId } });

    // Lying names: an HTML page and a GIF dressed up as PDF and PNG.
    expect(await refusal(await upload(form(bytes("<html><body>statement</body></html>"), "statement.pdf")))).toEqual([
      { field: "file", code: "file_type" },
    ]);
    expect(await refusal(await upload(form(GIF, "photo.png", "image/png")))).toEqual([{ field: "file", code: "file_type" }]);
    const large = new Uint8Array(5 * 1024 * 1024 + 1);
    large.set(PDF);
    expect(await refusal(await upload(form(large)))).toEqual([{ field: "file", code: "file_too_large" }]);
    expect(await refusal(await upload(form(undefined)))).toEqual([{ field: "file", code: "file_missing" }]);
    expect(await refusal(await upload(form(new Uint8Array())))).toEqual([{ field: "file", code: "file_missing" }]);
    expect(await refusal(await upload(form(PDF), "w-horecagroep"))).toEqual([{ field: "wholesalerId", code: "unknown" }]);
    const exact = new Uint8Array(5 * 1024 * 1024);
    exact.set(PDF);
    await json(await upload(form(exact)), AttachmentSchema);
  });

  it("keeps a wholesaler's statements to ten and lets a draft lose one", async () => {
    const overview = await json(await call("/actualssalesdata/", { account: "100002" }), BonusOverviewSchema);
    const taken = new Set(overview.items.map((claim) => claim.period));
    const period = claimablePeriods(new Date().toISOString().slice(0, 10)).find((p) => !taken.has(p)) as string;
    const draft = await json(
      await call("/actualssalesdata", {
        account: "100002",
        method: "POST",
        json: { period, wholesalers: [{ wholesalerId: "w-sligro", lines: [{ productId: "p-cola-krat", quantity: 5 }] }] },
      }),
      BonusClaimSchema,
    );
    const path = `/actualssalesdata/${draft.id}/attachments`;
    const upload = () => call(path, { account: "100002", method: "POST", body: form(PDF), query: { wholesalerId: "w-sligro" } });
    const stored = (await call(path, { account: "100002", query: { wholesalerId: "w-sligro" } }).then((r) => json(r, v.array(AttachmentSchema)))).length;
    const uploaded = [];
    for (let n = stored; n < MAX_ATTACHMENTS; n += 1) uploaded.push(await json(await upload(), AttachmentSchema));
    expect(await refusal(await upload())).toEqual([{ field: "file", code: "too_many" }]);

    const gone = uploaded[0]?.id ?? "";
    expect(await json(await call(`${path}/${gone}`, { account: "100002", method: "DELETE" }), DeletedAttachmentSchema)).toEqual({ id: gone });
    expect((await call(`${path}/${gone}`, { account: "100002", method: "DELETE" })).status).toBe(404);
    // Another customer's account cannot reach it at all.
    expect((await call(`${path}/${uploaded[1]?.id}`, { method: "DELETE" })).status).toBe(404);
    await json(await upload(), AttachmentSchema);
  });

  it("refuses an invalid claim naming each field", async () => {
    const errors = await refusal(
      await call("/actualssalesdata", {
        method: "POST",
        json: { period: "2099-Q1", wholesalers: [{ wholesalerId: "w-none", lines: [{ productId: "p-pils-krat", quantity: -1 }] }] },
      }),
    );
    expect(errors).toEqual([
      { field: "wholesalers.0.lines.0.quantity", code: "min" },
    ]);
    const semantic = await refusal(
      await call("/actualssalesdata", {
        method: "POST",
        json: { period: "2099-Q1", wholesalers: [{ wholesalerId: "w-none", lines: [{ productId: "p-pils-krat", quantity: 0 }] }] },
      }),
    );
    expect(semantic).toEqual([
      { field: "period", code: "not_ended" },
      { field: "wholesalers.0.wholesalerId", code: "unknown" },
      { field: "wholesalers.0.lines", code: "required" },
    ]);
  });
});

describe("tht (corona)", () => {
  it("saves a registration with an uploaded photo and reads it back", async () => {
    const start = await json(await call("/corona"), CoronaResponseSchema);
    expect(start.registration.status).toBe("not_registered");
    const photo = await json(await call("/corona/attachments", { method: "POST", body: form(PNG, "kelder.png", "image/png") }), AttachmentSchema);
    const product = start.eligibleProducts[0]?.id as string;
    const saved = await json(
      await call("/corona", {
        method: "PUT",
        json: { lines: [{ productId: product, quantity: 12, bestBeforeDate: "2026-09-30" }], attachmentIds: [photo.id] },
      }),
      CoronaResponseSchema,
    );
    expect(saved.registration).toMatchObject({
      status: "submitted",
      reference: "THT-100001-01",
      lines: [{ productId: product, quantity: 12, bestBeforeDate: "2026-09-30" }],
    });
    expect(saved.registration.attachments.map((a) => a.id)).toEqual([photo.id]);
    const file = await call(`/corona/attachments/${photo.id}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it("refuses invalid input naming the fields, and uploads of another type", async () => {
    const errors = await refusal(
      await call("/corona", {
        method: "PUT",
        account: "100002",
        json: { lines: [{ productId: "p-cola-krat", quantity: 0, bestBeforeDate: "2019-12-31" }], attachmentIds: ["att-nope"] },
      }),
    );
    expect(errors).toEqual([
      { field: "lines.0.productId", code: "unknown" },
      { field: "lines.0.quantity", code: "min" },
      { field: "lines.0.bestBeforeDate", code: "too_early" },
      { field: "attachmentIds.0", code: "unknown" },
    ]);
    expect(await refusal(await call("/corona/attachments", { method: "POST", body: form(GIF, "a.jpg", "image/jpeg") }))).toEqual([
      { field: "file", code: "file_type" },
    ]);
    expect(await refusal(await call("/corona", { method: "PUT", json: { lines: "none" } }))).toEqual([
      { field: "lines", code: "invalid" },
      { field: "attachmentIds", code: "invalid" },
    ]);
  });
});

describe("permissions", () => {
  const facturen = "facturen@example.com";

  it("lets the FACTUREN-only user read invoices and nothing else of business data", async () => {
    expect((await call("/invoices", { as: facturen })).status).toBe(200);
    for (const path of ["/documents", "/actualssalesdata/", "/actualssalesdata/products", "/salescontract"]) {
      const response = await call(path, { as: facturen });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ statusCode: 2 });
    }
    const post = await call("/actualssalesdata", { as: facturen, method: "POST", json: {} });
    expect(post.status).toBe(403);
  });

  it("refuses another customer's account and a caller without consent", async () => {
    const other = await call("/invoices", { account: "100003" });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ statusCode: 2 });
    const unconsented = await call("/corona", { as: "nieuw@example.com", account: "100003" });
    expect(unconsented.status).toBe(403);
    expect(await unconsented.json()).toEqual({ statusCode: 1 });
  });

  it("lets the administrator through every check", async () => {
    expect((await call("/documents", { as: "admin@example.com" })).status).toBe(200);
    expect((await call("/actualssalesdata/", { as: "admin@example.com" })).status).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    const response = await fetch(`${backend.api}/invoices?accountNumber=100001`, { headers: { "ocp-apim-subscription-key": backend.key } });
    expect(response.status).toBe(401);
  });
});
