import * as v from "valibot";

const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

/** An e-mail address as valibot's (deliberately conservative) email action accepts it. */
export const isEmail = (input: string): boolean => v.is(EmailSchema, input);

/** The form we store and compare e-mail addresses in: trimmed, lower case. */
export const normalizeEmail = (input: string): string => input.trim().toLowerCase();

/**
 * An address as a warning mail may show it: the first character of the name and the whole domain
 * ("b••••••••••@degoudenleeuw.example"), enough to recognise one's own, too little to harvest.
 */
export function maskEmail(input: string): string {
  const address = normalizeEmail(input);
  const at = address.lastIndexOf("@");
  if (at < 1) return "•".repeat(Math.max(address.length, 1));
  return `${address[0] ?? ""}${"•".repeat(Math.max(at - 1, 3))}${address.slice(at)}`;
}
