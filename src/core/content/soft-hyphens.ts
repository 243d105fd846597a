/**
 * Long Dutch compounds that do not fit a phone's line in a heading or menu: each with soft hyphens
 * (U+00AD) where the word may break, at its syllables, so a narrow screen shows "Samenwerkings-" /
 * "overeenkomst" instead of breaking mid-syllable. Invisible on a line that fits. Browsers'
 * automatic hyphenation (CSS `hyphens: auto`) has no Dutch dictionary on every platform.
 */
const BREAKS: Readonly<Record<string, string>> = {
  samenwerkingsovereenkomst: "samen\u00adwerkings\u00adovereen\u00adkomst",
};

const PATTERN = new RegExp(`\\b(${Object.keys(BREAKS).join("|")})\\b`, "gi");

/** The text with soft hyphens in the long words it holds (keeping each word's first letter's case). */
export function withSoftHyphens(text: string): string {
  return text.replace(PATTERN, (word) => {
    const broken = BREAKS[word.toLowerCase()] ?? word;
    return word[0] === word[0]?.toUpperCase() ? broken.charAt(0).toUpperCase() + broken.slice(1) : broken;
  });
}
