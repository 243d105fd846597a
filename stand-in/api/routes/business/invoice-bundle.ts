import { once } from "node:events";
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import { Zip, ZipDeflate, ZipPassThrough, zipSync, strToU8 } from "fflate";
import type { Invoice } from "../../../../src/core/api/schemas/business.ts";
import { bundleSizeError, parseBundleRequest, type BundleRequest } from "../../../../src/core/business/invoice-bundle.ts";
import { vatSummary, vatSummaryCsv, vatSummaryXlsxParts } from "../../../../src/core/business/vat-summary.ts";
import { translate } from "../../../../src/core/i18n/index.ts";
import { getLines } from "../../../db/business/invoice-lines.ts";
import { allInvoices, getInvoice } from "../../../db/business/invoices.ts";
import { HttpError, validationError } from "../../../http.ts";
import { PATHS, type Route } from "../../route.ts";
import { pdfFile, ublFile } from "./invoice-files.ts";
import { account, clock, langOf, today } from "./shared.ts";

/** The invoices of a request, oldest first (as a bookkeeper enters them); unknown ids refuse the whole request. */
function invoicesOf(db: DatabaseSync, accountNumber: string, request: BundleRequest, day: string): Invoice[] {
  if ("filter" in request) {
    return allInvoices(db, accountNumber, { ...request.filter, sort: "invoiceDate", order: "asc", page: 1, pageSize: 100 }, day);
  }
  const found = request.ids.map((id) => getInvoice(db, accountNumber, id, day));
  // An id not on this account (another customer's invoice, or none): as for the PDF, it is not found.
  if (found.some((invoice) => invoice === undefined)) throw new HttpError(404, { statusCode: 404 });
  return (found as Invoice[]).sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate) || a.number.localeCompare(b.number));
}

/**
 * Streams the ZIP: each invoice's PDF and UBL as they are made, then the VAT summary as CSV and as
 * an Excel workbook. Only one invoice's files are in memory at a time, and the next waits while the
 * connection is full; a client that goes away stops the work.
 */
async function streamZip(res: http.ServerResponse, db: DatabaseSync, invoices: readonly Invoice[], lang: "nl" | "en", fileName: string): Promise<void> {
  res.statusCode = 200;
  res.setHeader("content-type", "application/zip");
  res.setHeader("content-disposition", `attachment; filename="${fileName}"`);
  res.setHeader("cache-control", "private, no-store");
  res.setHeader("x-content-type-options", "nosniff");
  // How many invoices are coming, for the page's progress text.
  res.setHeader("x-invoice-count", String(invoices.length));
  const mtime = clock.now();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void res.destroy(error);
    res.write(chunk);
    if (final) res.end();
  });
  const add = (name: string, bytes: Uint8Array, compress: boolean) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };
  for (const invoice of invoices) {
    if (res.destroyed) return;
    const pdf = await pdfFile(db, invoice, lang);
    add(pdf.fileName, pdf.bytes, false);
    const ubl = ublFile(db, invoice, lang);
    add(ubl.fileName, ubl.bytes, true);
    if (res.writableNeedDrain) await once(res, "drain");
  }
  const summary = vatSummary(invoices.map((invoice) => ({ invoice, lines: getLines(db, invoice) })));
  const stem = translate(lang, "biz.bundle.summary.file");
  add(`${stem}.csv`, strToU8(vatSummaryCsv(summary, lang)), true);
  const parts = vatSummaryXlsxParts(summary, lang);
  add(`${stem}.xlsx`, zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)]))), false);
  zip.end();
}

export const invoiceBundleRoute: Route = {
  method: "GET",
  path: PATHS.invoicesZip,
  access: "user",
  permissions: ["FACTUREN"],
  handle: async (ctx) => {
    const parsed = parseBundleRequest(ctx.url.searchParams);
    if (!parsed.ok) throw validationError(parsed.errors);
    const accountNumber = account(ctx);
    const lang = langOf(ctx.url);
    const invoices = invoicesOf(ctx.db, accountNumber, parsed.value, today());
    const size = bundleSizeError(invoices.length);
    if (size) throw validationError([size]);
    const request = parsed.value;
    const period = "filter" in request && (request.filter.from || request.filter.to) ? `-${request.filter.from ?? ""}_${request.filter.to ?? ""}` : "";
    await streamZip(ctx.res, ctx.db, invoices, lang, `${translate(lang, "biz.bundle.file")}-${accountNumber}${period}.zip`);
    return undefined;
  },
};
