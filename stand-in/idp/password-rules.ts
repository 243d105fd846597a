/**
 * The provider's password rules (as the hosted provider's "good" policy): at least 8 characters,
 * with at least three of the four kinds: lower case, upper case, digits, other characters. The
 * stand-in checks them on a new password; the demo password Welkom123! meets them.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = "too_short" | "too_simple";

export function passwordProblem(password: string): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "too_short";
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u].filter((kind) => kind.test(password)).length;
  return kinds < 3 ? "too_simple" : undefined;
}
