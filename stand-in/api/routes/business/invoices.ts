import type { InvoiceList } from "../../../../src/core/api/schemas/business.ts";
import { invoiceCsv } from "../../../../src/core/business/invoice-csv.ts";
import { parseInvoiceQuery } from "../../../../src/core/business/invoice-query.ts";
import { allInvoices, findInvoices, getInvoice, invoiceTotals } from "../../../db/business/invoices.ts";
import { validationError } from "../../../http.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../../route.ts";
import { pdfFile, ublFile } from "./invoice-files.ts";
import { account, langOf, notFound, sendFile, today } from "./shared.ts";

function queryOf(ctx: RouteContext) {
  const parsed = parseInvoiceQuery(ctx.url.searchParams);
  if (!parsed.ok) throw validationError(parsed.errors);
  return parsed.value;
}

export const invoiceRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.invoices,
    access: "user",
    permissions: ["FACTUREN"],
    handle: (ctx): InvoiceList => {
      const query = queryOf(ctx);
      const accountNumber = account(ctx);
      const day = today();
      const { items, total } = findInvoices(ctx.db, accountNumber, query, day);
      return { items, total, page: query.page, pageSize: query.pageSize, totals: invoiceTotals(ctx.db, accountNumber, day) };
    },
  },
  {
    method: "GET",
    path: PATHS.invoicesCsv,
    access: "user",
    permissions: ["FACTUREN"],
    handle: (ctx) => {
      const accountNumber = account(ctx);
      const day = today();
      const csv = invoiceCsv(allInvoices(ctx.db, accountNumber, queryOf(ctx), day), langOf(ctx.url), day);
      sendFile(ctx.res, {
        fileName: `${langOf(ctx.url) === "en" ? "invoices" : "facturen"}-${accountNumber}.csv`,
        contentType: "text/csv; charset=utf-8",
        bytes: Buffer.from(csv, "utf8"),
      });
      return undefined;
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.invoicePdf, "id"),
    access: "user",
    permissions: ["FACTUREN"],
    handle: async (ctx) => {
      const invoice = getInvoice(ctx.db, account(ctx), ctx.params["id"] ?? "", today());
      if (!invoice) throw notFound();
      sendFile(ctx.res, await pdfFile(ctx.db, invoice, langOf(ctx.url)));
      return undefined;
    },
  },
  {
    // Addition: the UBL e-invoice, with the same permission and account checks as the PDF.
    method: "GET",
    path: pattern(PATHS.invoiceUbl, "id"),
    access: "user",
    permissions: ["FACTUREN"],
    handle: (ctx) => {
      const invoice = getInvoice(ctx.db, account(ctx), ctx.params["id"] ?? "", today());
      if (!invoice) throw notFound();
      sendFile(ctx.res, ublFile(ctx.db, invoice, langOf(ctx.url)));
      return undefined;
    },
  },
];
