import { inflateSync } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";
import * as v from "valibot";
import { validateXML } from "xmllint-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvoiceListSchema, type Invoice } from "../../src/core/api/schemas/business.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { bundleParams, bundleSizeError, MAX_BUNDLE_INVOICES, parseBundleRequest } from "../../src/core/business/invoice-bundle.ts";
import { formatMoney } from "../../src/core/format.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * The period's download (GET /invoices/export.zip): the stand-in enforcing the request rules, and a
 * ZIP whose VAT summary totals are the list's (what the screen shows) and the PDFs'.
 */

let backend: TestBackend;
let authorization: string;
beforeAll(async () => {
  backend = await startTestBackend();
  authorization = `Bearer ${(await signIn(backend, "hoofdgebruiker@example.com")).access_token}`;
});
afterAll(() => backend.close());

async function call(path: string, query: Record<string, string>, account = "100001"): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  url.searchParams.set("accountNumber", account);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return fetch(url, { headers: { "ocp-apim-subscription-key": backend.key, authorization } });
}

async function unzipped(response: Response): Promise<Record<string, Uint8Array>> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** The text a pdf-lib PDF shows: the hex strings of its (deflated) content streams, read as WinAnsi. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  let text = "";
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      content = match[1] ?? "";
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) text += `${new TextDecoder("windows-1252").decode(Buffer.from(hex[1] ?? "", "hex"))}\n`;
  }
  return text;
}

const cents = (text: string): number => Math.round(Number(text.replace(",", ".")) * 100);

describe("the period's ZIP", () => {
  it("reads a request as the site sends it, and refuses what it cannot serve", () => {
    expect(parseBundleRequest(bundleParams({ ids: ["inv-1", "inv-2"] }))).toEqual({ ok: true, value: { ids: ["inv-1", "inv-2"] } });
    expect(parseBundleRequest(bundleParams({ filter: { from: "2026-07-01", to: "2026-09-30", status: "paid" } }))).toEqual({
      ok: true,
      value: { filter: { from: "2026-07-01", to: "2026-09-30", status: "paid" } },
    });
    expect(parseBundleRequest(new URLSearchParams({ ids: "a,<b>" }))).toEqual({ ok: false, errors: [{ field: "ids", code: "invalid" }] });
    const many = Array.from({ length: MAX_BUNDLE_INVOICES + 1 }, (_, i) => `inv-${i}`).join(",");
    expect(parseBundleRequest(new URLSearchParams({ ids: many }))).toEqual({ ok: false, errors: [{ field: "invoices", code: "bundle_too_many" }] });
    expect(bundleSizeError(0)).toEqual({ field: "invoices", code: "bundle_empty" });
    expect(bundleSizeError(MAX_BUNDLE_INVOICES)).toBeNull();
  });

  it("holds each invoice's PDF and UBL and a VAT summary whose totals are the screen's and the PDFs'", async () => {
    const period = { from: "2026-01-01", to: "2026-11-30" };
    const list = v.parse(InvoiceListSchema, await (await call("/invoices", { ...period, pageSize: "100" })).json());
    expect(list.total).toBe(list.items.length);
    const files = await unzipped(await call("/invoices/export.zip", period));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [...list.items.flatMap((invoice) => [`factuur-${invoice.number}.pdf`, `factuur-${invoice.number}.xml`]), "btw-overzicht.csv", "btw-overzicht.xlsx"].sort(),
    );

    const sum = (items: Invoice[], key: "amountExclVat" | "vatAmount" | "amountInclVat") => items.reduce((total, invoice) => total + invoice[key], 0);
    const csv = strFromU8(files["btw-overzicht.csv"] as Uint8Array);
    // The export's conventions: a byte-order mark (the decoder drops it), Dutch headings, semicolons.
    expect([...(files["btw-overzicht.csv"] as Uint8Array).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith("Soort;Btw-tarief;Aantal;Excl. btw;Btw;Incl. btw\r\n")).toBe(true);
    const rows = csv.trim().split("\r\n").slice(1).map((line) => line.split(";"));
    const row = (group: string, rate: string) => rows.find((cells) => cells[0] === group && cells[1] === rate) as string[];
    const credits = list.items.filter((invoice) => invoice.type === "credit_note");
    const invoices = list.items.filter((invoice) => invoice.type !== "credit_note");
    for (const [group, items] of [["Facturen", invoices], ["Creditnota's", credits], ["Samen", list.items]] as const) {
      const total = row(group, "Totaal");
      expect(total[2], group).toBe(String(items.length));
      expect([cents(total[3] ?? ""), cents(total[4] ?? ""), cents(total[5] ?? "")], group).toEqual([
        sum(items, "amountExclVat"),
        sum(items, "vatAmount"),
        sum(items, "amountInclVat"),
      ]);
      // The rates add up to the group's total.
      expect(cents(row(group, "9%")[4] ?? "") + cents(row(group, "21%")[4] ?? "")).toBe(cents(total[4] ?? ""));
    }
    // The period has the two-rate invoice: its 9% is in the summary.
    expect(cents(row("Facturen", "9%")[3] ?? "")).toBeGreaterThan(0);

    // Every PDF prints the amounts the list shows.
    for (const invoice of list.items) {
      const text = pdfText(files[`factuur-${invoice.number}.pdf`] as Uint8Array);
      for (const amount of [invoice.amountExclVat, invoice.amountInclVat]) expect(text, invoice.number).toContain(formatMoney(amount, "nl").replace(/[\u00a0\u202f]/g, " "));
    }

    // The workbook holds the same figures, as numbers.
    const workbook = unzipSync(files["btw-overzicht.xlsx"] as Uint8Array);
    const sheet = strFromU8(workbook["xl/worksheets/sheet1.xml"] as Uint8Array);
    expect(sheet).toContain(`<v>${sum(list.items, "amountInclVat") / 100}</v>`);
    expect(Object.keys(workbook)).toEqual(expect.arrayContaining(["[Content_Types].xml", "xl/workbook.xml", "xl/styles.xml"]));
    // Every part is well-formed XML (a spreadsheet refuses the whole file over one broken part).
    const parsed = await validateXML({
      xml: Object.entries(workbook).map(([name, bytes], i) => ({ fileName: `part${i}-${name.replace(/[^a-z0-9.]/gi, "_")}`, contents: strFromU8(bytes) })),
      normalization: "format",
    });
    expect(parsed.errors).toEqual([]);
  });

  it("holds only the chosen invoices, named and summed in English on request", async () => {
    const list = v.parse(InvoiceListSchema, await (await call("/invoices", { pageSize: "2" })).json());
    const ids = list.items.map((invoice) => invoice.id);
    const files = await unzipped(await call("/invoices/export.zip", { ids: ids.join(","), locale: "en-US" }));
    expect(Object.keys(files).sort()).toEqual(
      [...list.items.flatMap((invoice) => [`invoice-${invoice.number}.pdf`, `invoice-${invoice.number}.xml`]), "vat-summary.csv", "vat-summary.xlsx"].sort(),
    );
    const csv = strFromU8(files["vat-summary.csv"] as Uint8Array);
    expect(csv).toContain("Kind,VAT rate,Count,Excl. VAT,VAT,Incl. VAT\r\n");
    expect(csv).toContain(`Together,Total,2,${((list.items[0]!.amountExclVat + list.items[1]!.amountExclVat) / 100).toFixed(2)},`);
  });

  it("refuses nothing, too much, another account's and an invoice not on the account", async () => {
    const refusal = async (response: Response) => {
      expect(response.status).toBe(400);
      return v.parse(ValidationErrorSchema, await response.json()).errors;
    };
    expect(await refusal(await call("/invoices/export.zip", { from: "2020-01-01", to: "2020-01-31" }))).toEqual([{ field: "invoices", code: "bundle_empty" }]);
    expect(await refusal(await call("/invoices/export.zip", {}, "100002"))).toEqual([{ field: "invoices", code: "bundle_too_many" }]);
    expect(await refusal(await call("/invoices/export.zip", { ids: "" }))).toEqual([{ field: "invoices", code: "bundle_empty" }]);
    expect((await call("/invoices/export.zip", {}, "100003")).status).toBe(403);
    const other = v.parse(InvoiceListSchema, await (await call("/invoices", { pageSize: "1" }, "100002")).json());
    expect((await call("/invoices/export.zip", { ids: other.items[0]!.id })).status).toBe(404);
  });
});
