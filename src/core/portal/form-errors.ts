import { ApiError } from "../api/errors.ts";
import type { MessageKey } from "../i18n/index.ts";
import { VALIDATION_CODES, type FieldError, type ValidationCode } from "../validation/field-error.ts";

/** Field name -> the dictionary key of its (first) message; what a form shows beside each field. */
export type FieldMessages = Partial<Record<string, MessageKey>>;

const isValidationCode = (code: string): code is ValidationCode => (VALIDATION_CODES as readonly string[]).includes(code);

/** The first error of each field as a dictionary key (`validation.<code>`). */
export function fieldMessages(errors: readonly FieldError<ValidationCode>[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const { field, code } of errors) messages[field] ??= `validation.${code}`;
  return messages;
}

/**
 * The field errors of a refused save (a 400, or a 403 naming the rule, whose codes we know), or undefined when the failure was
 * anything else (network, 5xx, a code of a newer API) and the form should show its general error.
 */
export function apiFieldErrors(error: unknown): FieldError<ValidationCode>[] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = error.validation?.errors ?? error.refusal?.errors;
  if (!errors || errors.length === 0) return undefined;
  const known = errors.filter((entry): entry is FieldError<ValidationCode> => isValidationCode(entry.code));
  return known.length === errors.length ? known : undefined;
}
