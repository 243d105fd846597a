/**
 * Dutch telephone numbers as people type them: `06 1234 5678`, `+31 6-12345678`, `0031612345678`,
 * `+31 (0)20 123 4567`. Spaces and dashes are layout, not content.
 */

/** The national significant number (9 digits, no leading 0), or undefined when it is no Dutch number. */
function nationalNumber(input: string): string | undefined {
  const compact = input.trim().replace(/[\s-]/g, "").replace(/^(\+31|0031)\(0\)/, "$1");
  const match = /^(?:\+31|0031|0)([1-9]\d{8})$/.exec(compact);
  return match?.[1];
}

/** Any Dutch number, landline or mobile (account telephone, own profile). */
export const isDutchPhone = (input: string): boolean => nationalNumber(input) !== undefined;

/** A Dutch 06 mobile number, which the user form asks for every user. */
export const isDutchMobile = (input: string): boolean => nationalNumber(input)?.startsWith("6") ?? false;

/** The number in E.164 form (`+31612345678`), for storing; undefined when it is no Dutch number. */
export function toE164(input: string): string | undefined {
  const national = nationalNumber(input);
  return national === undefined ? undefined : `+31${national}`;
}

/** Dutch area codes of two digits (after the 0); every other landline area code has three. */
const TWO_DIGIT_AREAS = new Set(["10", "13", "15", "20", "23", "24", "26", "30", "33", "35", "36", "38", "40", "43", "45", "46", "50", "53", "55", "58", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79"]);

/**
 * A Dutch number as a Dutch reader writes it, whatever form it was stored or typed in: `06 1234 5678`,
 * `030 234 5678`, `0592 123 456`, `085 123 4567`. Anything else comes back as it was (trimmed).
 */
export function formatDutchPhone(input: string): string {
  const national = nationalNumber(input);
  if (national === undefined) return input.trim();
  if (national.startsWith("6")) return `0${national.slice(0, 1)} ${national.slice(1, 5)} ${national.slice(5)}`;
  // 085, 088, 091 and the like: a three-digit prefix and seven digits, grouped as an area number.
  if (/^[89]/.test(national) || TWO_DIGIT_AREAS.has(national.slice(0, 2))) {
    return `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  }
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
