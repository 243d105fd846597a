/**
 * A Dutch postal code: four digits (no leading zero), an optional space, two letters — except SA, SD
 * and SS, which PostNL does not issue.
 */
export const isDutchPostalCode = (input: string): boolean =>
  /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/i.test(input.trim());

/** The stored form: `1234 AB`. */
export function formatPostalCode(input: string): string {
  const compact = input.replace(/\s/g, "").toUpperCase();
  return `${compact.slice(0, 4)} ${compact.slice(4)}`;
}
