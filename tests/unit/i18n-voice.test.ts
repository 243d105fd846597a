import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * One voice: every Dutch string addresses the reader as 'u' and every string in either language uses
 * the glossary's terms (docs/glossary.md). Each area file is found on disk, so a new one is checked too.
 */
const i18nDir = path.resolve(import.meta.dirname, "../../src/core/i18n");

/** The area files: `<area>.ts` exports `nl`, `en/<area>.ts` exports `en`. The bundles (a folder) and the machinery are left out. */
function areaFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts" && name !== "locale.ts")
    .map((name) => path.join(dir, name));
}

async function strings(file: string, exportName: "nl" | "en"): Promise<Array<[string, string]>> {
  const module = (await import(file)) as Record<string, Record<string, string> | undefined>;
  const dictionary = module[exportName];
  if (!dictionary) throw new Error(`${path.basename(file)} exports no ${exportName}`);
  return Object.entries(dictionary);
}

/** Informal address and terms the glossary replaces, with what to write instead. */
const DUTCH_RULES: Array<[RegExp, string]> = [
  [/\b(je|jij|jou|jouw|jullie|jezelf|jouzelf)\b/i, "address the reader as 'u' (u, uw, uzelf)"],
  [/\b(heb|kun|wil|ga|ben|moet|zie) je\b/i, "address the reader as 'u'"],
  [/\bportal\b/i, "write 'portaal'"],
  [/\bTht\b|\btht\b/, "write 'THT'"],
  [/\bMijn bedrijf\b/i, "the private side is 'Mijn onderneming'; the users page is 'Gebruikers en facturatie'"],
  [/\bDownload\b/, "a button or heading says 'Downloaden' (one word across the portal)"],
];

const ENGLISH_RULES: Array<[RegExp, string]> = [
  [/\bMy company\b/i, "the private side is 'My account'; the users page is 'Users and billing'"],
  [/\bbest-before scheme\b/i, "write 'THT scheme'"],
  [/\bcooperation agreement\b/i, "write 'sales contract'"],
  [/\bportaal\b/i, "write 'portal'"],
  [/\bTht\b|\btht\b/, "write 'THT'"],
];

function offences(entries: Array<[string, string]>, rules: Array<[RegExp, string]>): string[] {
  return entries.flatMap(([key, text]) =>
    rules.filter(([pattern]) => pattern.test(text)).map(([, fix]) => `${key}: "${text}" — ${fix}`),
  );
}

describe("one voice", () => {
  const dutchFiles = areaFiles(i18nDir);
  const englishFiles = areaFiles(path.join(i18nDir, "en"));

  it("finds the area files of both languages", () => {
    expect(dutchFiles.length).toBeGreaterThan(5);
    expect(englishFiles.map((file) => path.basename(file)).sort()).toEqual(dutchFiles.map((file) => path.basename(file)).sort());
  });

  it("addresses the Dutch reader as 'u' and uses the glossary's Dutch terms", async () => {
    const found = (await Promise.all(dutchFiles.map(async (file) => offences(await strings(file, "nl"), DUTCH_RULES)))).flat();
    expect(found).toEqual([]);
  });

  it("uses the glossary's English terms", async () => {
    const found = (await Promise.all(englishFiles.map(async (file) => offences(await strings(file, "en"), ENGLISH_RULES)))).flat();
    expect(found).toEqual([]);
  });

  it("recognises the informal forms it is there to catch", () => {
    const informal: Array<[string, string]> = [
      ["a", "Je bent uitgelogd."],
      ["b", "Weet je zeker dat je dit wilt?"],
      ["c", "Wat jij hebt ingevuld"],
      ["d", "Open de portal"],
      ["e", "Tht-regeling"],
      ["g", "Download factuur 91000059"],
    ];
    expect(offences(informal, DUTCH_RULES)).toHaveLength(informal.length);
    expect(offences([["f", "U bent uitgelogd. Uw gegevens in het portaal, de THT-regeling."]], DUTCH_RULES)).toEqual([]);
  });
});
