/**
 * Names are names (docs/security.md): a first or last name, a company name or a note that reaches a
 * mail or another person's screen may not carry a web address or a phone number. Else anyone with
 * an account writes "Bel 0900… of ga naar https://…" as their first name and our own mails, sent to
 * any address they type, carry it as the inviter: phishing with our name on it.
 *
 * Deliberately plain and a little strict: a name needs no `://`, no `www.`, no domain and no run of
 * six or more digits.
 */

/** `https://`, `hxxp://`, `www.`, or a domain such as `example.nl` / `bit.ly/x` (common endings). */
const URL_LIKE =
  /([a-z][a-z0-9+.-]*:\/\/)|(\bwww\d?\.)|([a-z0-9-]{2,}\s*(\.|\[\.\]|\(\.\))\s*(nl|be|de|eu|com|net|org|info|biz|io|co|me|ly|app|shop|online|site|xyz|top|click|link|ru|cn|uk|fr|es|it|pl|tk|ml|ga|cf|gq|to|gl|gg|sh|tv|cc|ws|page|dev)\b)/i;

/** Six or more digits in one run, whatever separates them (`0900-1234`, `+31 6 12 34 56 78`, `06.123.456`). */
const PHONE_LIKE = /(\+|\b00)?\d(?:[\s\-./()]{0,3}\d){5,}/;

/** True when the text carries nothing that reads as a web address or a phone number. */
export const isPlainName = (text: string): boolean => !URL_LIKE.test(text) && !PHONE_LIKE.test(text);

/**
 * A customer-typed value in a plain-text mail, written so that no mail program turns it into a link:
 * a dot before two or more letters (a domain, not `B.V.`) becomes `[.]`, `://` becomes `[:]//`, `@` becomes `[at]`, line breaks a
 * space. Names are checked on the way in; this holds for what was stored before, and for anything
 * else typed.
 */
export const inertForMail = (text: string): string =>
  text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/:\/\//g, "[:]//")
    .replace(/@/g, "[at]")
    .replace(/([a-z0-9-])\.(?=[a-z0-9-]{2,})/gi, "$1[.]");

/** The same, between quotation marks: a name or company quoted inside a sentence of our own. */
export const quotedForMail = (text: string): string => `“${inertForMail(text)}”`;
