import * as v from "valibot";
import {
  ATTACHMENT_CONTENT_TYPES,
  DEFAULT_INVOICE_QUERY,
  INVOICE_SORT_KEYS,
  INVOICE_STATUSES,
  MAX_ATTACHMENT_BYTES,
  MAX_INVOICE_PAGE_SIZE,
  SORT_ORDERS,
  type BonusClaimInput,
  type CoronaInput,
  type InvoiceQuery,
  type UploadErrorCode,
} from "../api/schemas/business.ts";

/**
 * Rules for business data, shared by the stand-in (which enforces them) and the site (which checks
 * before sending). Every function is pure: "today" is passed in as an ISO date (yyyy-mm-dd), so the
 * same input gives the same answer in a test, a browser and the server.
 */

/** One refused field; `field` is a dot path (`lines.0.quantity`), `code` maps to a dictionary key. */
export type FieldError = { field: string; code: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** A real calendar date as yyyy-mm-dd (valibot's isoDate checks the form only, so 2026-02-30 would pass). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Longest invoice-number search accepted. */
export const MAX_INVOICE_SEARCH_LENGTH = 30;

/**
 * Reads an invoice query from query parameters (the API's and the page URL's are the same); absent
 * or empty parameters take the defaults. Unknown parameters are ignored.
 */
export function parseInvoiceQuery(params: URLSearchParams): Parsed<InvoiceQuery> {
  const errors: FieldError[] = [];
  const get = (name: string): string | undefined => {
    const value = params.get(name)?.trim();
    return value ? value : undefined;
  };
  const query: InvoiceQuery = { ...DEFAULT_INVOICE_QUERY };

  const status = get("status");
  if (status !== undefined) {
    if (includes(INVOICE_STATUSES, status)) query.status = status;
    else errors.push({ field: "status", code: "invalid" });
  }
  for (const name of ["from", "to"] as const) {
    const value = get(name);
    if (value === undefined) continue;
    if (isIsoDate(value)) query[name] = value;
    else errors.push({ field: name, code: "invalid_date" });
  }
  if (query.from && query.to && query.from > query.to) errors.push({ field: "to", code: "before_from" });
  const q = get("q");
  if (q !== undefined) {
    if (q.length > MAX_INVOICE_SEARCH_LENGTH) errors.push({ field: "q", code: "too_long" });
    else query.q = q;
  }
  const sort = get("sort");
  if (sort !== undefined) {
    if (includes(INVOICE_SORT_KEYS, sort)) query.sort = sort;
    else errors.push({ field: "sort", code: "invalid" });
  }
  const order = get("order");
  if (order !== undefined) {
    if (includes(SORT_ORDERS, order)) query.order = order;
    else errors.push({ field: "order", code: "invalid" });
  }
  const page = readInteger(get("page"), 1, Number.MAX_SAFE_INTEGER);
  if (page === null) errors.push({ field: "page", code: "invalid" });
  else if (page !== undefined) query.page = page;
  const pageSize = readInteger(get("pageSize"), 1, MAX_INVOICE_PAGE_SIZE);
  if (pageSize === null) errors.push({ field: "pageSize", code: "invalid" });
  else if (pageSize !== undefined) query.pageSize = pageSize;

  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: query };
}

/** undefined when absent, null when not a whole number within bounds. */
function readInteger(raw: string | undefined, min: number, max: number): number | undefined | null {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

/**
 * The query parameters of an invoice query, leaving out defaults so shared URLs stay short.
 * `parseInvoiceQuery(invoiceQueryToParams(q))` gives `q` back.
 */
export function invoiceQueryToParams(query: InvoiceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.q) params.set("q", query.q);
  if (query.sort !== DEFAULT_INVOICE_QUERY.sort) params.set("sort", query.sort);
  if (query.order !== DEFAULT_INVOICE_QUERY.order) params.set("order", query.order);
  if (query.page !== DEFAULT_INVOICE_QUERY.page) params.set("page", String(query.page));
  if (query.pageSize !== DEFAULT_INVOICE_QUERY.pageSize) params.set("pageSize", String(query.pageSize));
  return params;
}

// ---------------------------------------------------------------------------------------------
// Bonus periods and claims

/** First and last day of a period `2026-Q2` as ISO dates. */
export function periodRange(period: string): { start: string; end: string } {
  const match = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!match) throw new RangeError(`Not a period: ${period}`);
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  const startMonth = (quarter - 1) * 3;
  const start = new Date(Date.UTC(year, startMonth, 1));
  const end = new Date(Date.UTC(year, startMonth + 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** The period a date falls in. */
export function periodOf(isoDate: string): string {
  const year = isoDate.slice(0, 4);
  const month = Number(isoDate.slice(5, 7));
  return `${year}-Q${Math.ceil(month / 3)}`;
}

/** How many ended quarters back a claim may still be made. */
export const CLAIMABLE_QUARTERS = 4;

/** The periods a claim can be made for on `today`: the last ended quarters, newest first. */
export function claimablePeriods(today: string): string[] {
  const periods: string[] = [];
  let year = Number(today.slice(0, 4));
  let quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  for (let i = 0; i < CLAIMABLE_QUARTERS; i++) {
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
    periods.push(`${year}-Q${quarter}`);
  }
  return periods;
}

/** Refusal of the period alone (the wizard's first step). */
export function validatePeriod(period: string, today: string, taken: ReadonlySet<string> = new Set()): FieldError[] {
  if (!/^\d{4}-Q[1-4]$/.test(period)) return [{ field: "period", code: "invalid_period" }];
  if (periodRange(period).end >= today) return [{ field: "period", code: "not_ended" }];
  if (!claimablePeriods(today).includes(period)) return [{ field: "period", code: "too_old" }];
  if (taken.has(period)) return [{ field: "period", code: "already_claimed" }];
  return [];
}

/** Refusal of the chosen wholesalers (the wizard's second step). */
export function validateWholesalerChoice(ids: readonly string[], known: ReadonlySet<string>): FieldError[] {
  if (ids.length === 0) return [{ field: "wholesalers", code: "required" }];
  if (new Set(ids).size !== ids.length) return [{ field: "wholesalers", code: "duplicate" }];
  return ids.flatMap((id, i) => (known.has(id) ? [] : [{ field: `wholesalers.${i}.wholesalerId`, code: "unknown" }]));
}

/** Largest quantity of one product through one wholesaler in one quarter. */
export const MAX_CLAIM_QUANTITY = 100_000;

/** Refusal of one quantity as typed or sent (empty counts as 0). */
export function quantityError(quantity: number): string | undefined {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return "integer";
  if (quantity < 0) return "min";
  if (quantity > MAX_CLAIM_QUANTITY) return "max";
  return undefined;
}

/** Refusal of the volumes (the wizard's third step): each wholesaler needs at least one quantity above 0. */
export function validateClaimVolumes(
  wholesalers: BonusClaimInput["wholesalers"],
  knownProducts: ReadonlySet<string>,
): FieldError[] {
  const errors: FieldError[] = [];
  wholesalers.forEach((wholesaler, w) => {
    wholesaler.lines.forEach((line, l) => {
      const field = `wholesalers.${w}.lines.${l}`;
      if (!knownProducts.has(line.productId)) errors.push({ field: `${field}.productId`, code: "unknown" });
      const code = quantityError(line.quantity);
      if (code) errors.push({ field: `${field}.quantity`, code });
    });
    // A typo already has its own message; "enter a quantity" is for a wholesaler left all empty.
    if (!wholesaler.lines.some((line) => line.quantity > 0 || quantityError(line.quantity))) {
      errors.push({ field: `wholesalers.${w}.lines`, code: "required" });
    }
  });
  return errors;
}

export type ClaimContext = {
  today: string;
  knownWholesalers: ReadonlySet<string>;
  knownProducts: ReadonlySet<string>;
  /** Periods the account already submitted a claim for. */
  takenPeriods?: ReadonlySet<string>;
};

/** Every rule of a claim draft (POST /actualssalesdata/). */
export function validateClaimInput(input: BonusClaimInput, ctx: ClaimContext): FieldError[] {
  return [
    ...validatePeriod(input.period, ctx.today, ctx.takenPeriods),
    ...validateWholesalerChoice(
      input.wholesalers.map((w) => w.wholesalerId),
      ctx.knownWholesalers,
    ),
    ...validateClaimVolumes(input.wholesalers, ctx.knownProducts),
  ];
}

// ---------------------------------------------------------------------------------------------
// Tht (corona) registration

/** The scheme covers stock whose best-before date fell from this day on. */
export const CORONA_SCHEME_START = "2020-03-01";
/** Stock may be registered up to this many days before its best-before date passes. */
export const CORONA_DAYS_AHEAD = 90;
export const MAX_CORONA_QUANTITY = 10_000;
export const MAX_CORONA_LINES = 50;

const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Refusal of one best-before date on `today`, or undefined. */
export function bestBeforeError(value: string, today: string): string | undefined {
  if (!value) return "required";
  if (!isIsoDate(value)) return "invalid_date";
  if (value < CORONA_SCHEME_START) return "too_early";
  if (value > addDays(today, CORONA_DAYS_AHEAD)) return "too_late";
  return undefined;
}

/** Refusal of one registered quantity, or undefined. */
export function coronaQuantityError(quantity: number): string | undefined {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return "integer";
  if (quantity < 1) return "min";
  if (quantity > MAX_CORONA_QUANTITY) return "max";
  return undefined;
}

/** Every rule of a tht registration (PUT /corona). */
export function validateCoronaInput(
  input: CoronaInput,
  ctx: { today: string; eligibleProducts: ReadonlySet<string> },
): FieldError[] {
  const errors: FieldError[] = [];
  if (input.lines.length === 0) errors.push({ field: "lines", code: "required" });
  if (input.lines.length > MAX_CORONA_LINES) errors.push({ field: "lines", code: "too_many" });
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    if (!line.productId) errors.push({ field: `lines.${i}.productId`, code: "required" });
    else if (!ctx.eligibleProducts.has(line.productId)) errors.push({ field: `lines.${i}.productId`, code: "unknown" });
    const quantity = coronaQuantityError(line.quantity);
    if (quantity) errors.push({ field: `lines.${i}.quantity`, code: quantity });
    const date = bestBeforeError(line.bestBeforeDate, ctx.today);
    if (date) errors.push({ field: `lines.${i}.bestBeforeDate`, code: date });
    const key = `${line.productId}|${line.bestBeforeDate}`;
    if (line.productId && !date && seen.has(key)) errors.push({ field: `lines.${i}.productId`, code: "duplicate" });
    seen.add(key);
  });
  if (input.attachmentIds.length === 0) errors.push({ field: "attachments", code: "required" });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Uploads

/**
 * A first check of a chosen file by its declared type and size, so the site can refuse before
 * sending; the stand-in decides on the file's content (a renamed file passes here, not there).
 */
export function uploadPrecheck(file: { size: number; type: string } | undefined): UploadErrorCode | undefined {
  if (!file || file.size === 0) return "file_missing";
  if (file.size > MAX_ATTACHMENT_BYTES) return "file_too_large";
  if (!includes(ATTACHMENT_CONTENT_TYPES, file.type)) return "file_type";
  return undefined;
}

/**
 * Turns valibot issues of a request body into field errors: the issue's dot path (or "body") and
 * its message when that is one of our codes (schemas pass codes like "integer" as messages),
 * else "invalid".
 */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({
    field: v.getDotPath(issue) ?? "body",
    code: /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid",
  }));
}
