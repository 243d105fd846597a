import type { CoronaInput, CoronaRegistration } from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { parseQuantity } from "./bonus-wizard.ts";

/** One row of the tht form as typed. `key` keeps React rows stable when rows are removed. */
export type ThtLineDraft = { key: string; productId: string; quantity: string; bestBeforeDate: string };

let counter = 0;
/** A fresh empty row. */
export const emptyLine = (): ThtLineDraft => ({ key: `line-${++counter}`, productId: "", quantity: "", bestBeforeDate: "" });

/** The form rows of a saved registration (one empty row when there is none). */
export function linesFromRegistration(registration: CoronaRegistration): ThtLineDraft[] {
  if (registration.lines.length === 0) return [emptyLine()];
  return registration.lines.map((line) => ({
    key: `line-${++counter}`,
    productId: line.productId,
    quantity: String(line.quantity),
    bestBeforeDate: line.bestBeforeDate,
  }));
}

/** The PUT /corona body from the rows; an empty quantity counts as 0 (refused as below 1). */
export function coronaInput(lines: readonly ThtLineDraft[], attachmentIds: readonly string[]): CoronaInput {
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      quantity: parseQuantity(line.quantity),
      bestBeforeDate: line.bestBeforeDate.trim(),
    })),
    attachmentIds: [...attachmentIds],
  };
}

/** Field errors by field path, the first code per field (what the form shows under it). */
export function errorsByField(errors: readonly FieldError[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const error of errors) if (!map.has(error.field)) map.set(error.field, error.code);
  return map;
}

/** The label of each field of a tht line, as the form shows it. */
const LINE_FIELD_LABELS = { productId: "biz.tht.product", quantity: "biz.tht.quantity", bestBeforeDate: "biz.tht.bestBefore" } as const;

/**
 * Where a refused field sits, for the error summary: its line (counted from 1) and the label of the
 * field in it, so the summary names the field ("Regel 2, THT-datum: …") rather than only the line.
 */
export function thtFieldPlace(field: string): { line?: number; label?: (typeof LINE_FIELD_LABELS)[keyof typeof LINE_FIELD_LABELS] | "biz.tht.attachments" } {
  if (field === "attachments" || field.startsWith("attachmentIds")) return { label: "biz.tht.attachments" };
  const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return {};
  const name = match[2] as keyof typeof LINE_FIELD_LABELS;
  return { line: Number(match[1]) + 1, ...(name in LINE_FIELD_LABELS ? { label: LINE_FIELD_LABELS[name] } : {}) };
}
