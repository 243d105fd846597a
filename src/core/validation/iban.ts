/** IBAN without spaces, upper case: how people paste it versus how it is checked and stored. */
const compactIban = (input: string): string => input.replace(/\s/g, "").toUpperCase();

/** The ISO 13616 mod-97 remainder of a compact IBAN (letters as 10..35, first four characters moved to the end). */
function mod97(compact: string): number {
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/**
 * A Dutch IBAN: `NL`, two check digits, a four-letter bank code and ten digits, with a valid mod-97
 * checksum. Only Dutch IBANs: the customers are Dutch companies.
 */
export function isDutchIban(input: string): boolean {
  const compact = compactIban(input);
  return /^NL\d{2}[A-Z]{4}\d{10}$/.test(compact) && mod97(compact) === 1;
}

/** Prints a compact IBAN in groups of four, as on a bank card. */
export const formatIban = (input: string): string => compactIban(input).replace(/(.{4})(?=.)/g, "$1 ");

/** An IBAN as a log or a mail may show it: all but its last four characters hidden ("•••• •••• •••• •••• 43 00" → "NL•• … 4300"). */
export const maskIban = (input: string): string => {
  const compact = compactIban(input);
  return compact.length <= 4 ? compact : `${"•".repeat(compact.length - 4)}${compact.slice(-4)}`.replace(/(.{4})(?=.)/g, "$1 ");
};
