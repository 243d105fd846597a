import * as v from "valibot";

const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

/** An e-mail address as valibot's (deliberately conservative) email action accepts it. */
export const isEmail = (input: string): boolean => v.is(EmailSchema, input);

/** The form we store and compare e-mail addresses in: trimmed, lower case. */
export const normalizeEmail = (input: string): string => input.trim().toLowerCase();
