/**
 * A Dutch VAT identification number (btw-id): `NL`, nine digits, `B`, two digits. Companies' numbers
 * pass the eleven-test on the nine digits (their RSIN); sole traders' numbers since 2020 pass the
 * ISO 7064 mod-97 check over the whole number instead. Either check is accepted.
 */
export function isDutchVatNumber(input: string): boolean {
  const compact = input.replace(/[\s.]/g, "").toUpperCase();
  const match = /^NL(\d{9})B\d{2}$/.exec(compact);
  if (!match?.[1]) return false;
  return elevenTest(match[1]) || mod97(compact) === 1;
}

/** The Dutch "elfproef": weights 9..2 and -1 over nine digits, sum divisible by 11 (and not all zeros). */
function elevenTest(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (i === 8 ? -1 : 9 - i);
  return sum % 11 === 0 && /[1-9]/.test(digits);
}

function mod97(compact: string): number {
  let remainder = 0;
  for (const char of compact) {
    const value = Number.parseInt(char, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The stored form: no spaces or dots, upper case. */
export const compactVatNumber = (input: string): string => input.replace(/[\s.]/g, "").toUpperCase();
