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
