import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Comments and docs stand alone: they give the reason itself, or point to a page in docs/, never to a
 * document the repository does not hold (a functional spec and its section numbers, a design note, a
 * tracker's issue numbers) or to a folder of one machine. A reader of the code has none of those.
 */
const root = path.resolve(import.meta.dirname, "../..");

/**
 * Installed, built and test-run output: not our writing. Local data, releases and caches live in
 * dot-folders (`.data`, `.releases`, `.test-data`, `.astro`), which are skipped as well.
 */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "test-results", "playwright-report", "screenshots"]);
/** Written by tools, not by people. */
const SKIPPED_FILES = new Set(["package-lock.json"]);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|astro|md|css|json|html|ya?ml|sh)$/;
/** This file names the patterns it looks for, so it is the one file left out. */
const SELF = path.relative(root, import.meta.filename);

/** What a stand-alone comment never says, each with what to write instead. */
const RULES: Array<[RegExp, string]> = [
  [
    /\bspec(?:ification)?(?:'s)?\s+(?:sections?|§)\s*\d/gi,
    "a spec section: write the rule or its reason itself",
  ],
  [/§\s?\d/g, "a section sign: write the rule or its reason itself"],
  [
    /\b(?:DESIGN|STACK|STYLE)\.md\b|\bportal-spec\b/g,
    "a document outside the repository: write the reason, or point to docs/",
  ],
  [
    /(?:\b(?:the|functional|product|per)\s+|\()spec(?:'s)?\b(?!\s+files?\b|\.)/gi,
    "'the spec': write what it requires",
  ],
  [/\bdesign card\b/gi, "the design card: write what it requires"],
  [/\bissues?\s+#?\d+\b|(?:^|[\s(])#\d+\)/gim, "an issue number: write the reason itself"],
  [/\b(?:as|per) the (?:issue|ticket)(?:'s)?\b/gi, "an issue: write what it asks and why"],
  // A standard's own numbering ("RFC 6749 section 5.2") is public and stays.
  [/(?<!\bRFC\s*\d+,?\s+)\bsections?\s+\d/gi, "a section number of some document: write the rule itself"],
  [/(?:^|[\s"'`(=])\/work\//gm, "a folder of this machine: use a path inside the repository"],
];

type Offence = { line: number; found: string; fix: string };

/** Every line with a reference, once (with the first rule it breaks), in line order. */
function offences(text: string): Offence[] {
  const byLine = new Map<number, Offence>();
  for (const [pattern, fix] of RULES) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split("\n").length;
      if (!byLine.has(line)) byLine.set(line, { line, found: match[0].trim(), fix });
    }
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

function ourFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const hidden = entry.name.startsWith(".") && entry.name !== ".ci";
      return hidden || SKIPPED_DIRS.has(entry.name) ? [] : ourFiles(full);
    }
    if (!entry.isFile() || SKIPPED_FILES.has(entry.name)) return [];
    return TEXT_FILE.test(entry.name) || path.basename(dir) === ".ci" ? [full] : [];
  });
}

describe("comments that stand alone", () => {
  it("catches references to documents outside the repository", () => {
    const bad = [
      "/** Popup sign-in limits of spec section 9. */",
      "// wait up to 5000 ms (spec §9)",
      " * The service worker (DESIGN.md section 6, issue 8): news pages",
      "// Slash-less URLs exactly as the spec names them",
      "/** The footer splits its items (spec: splits at 3). */",
      "The tokens live in localStorage, as the functional spec asks.",
      "anything else gets the spec's texts",
      "The first portal page's script budget (issue 4)",
      "Fixes #12)",
      "a trailing `*` matches any suffix, as the issue's `/bonus*` asks",
      "see section 5 of the card",
      "a pattern from the design card",
      "written to /work/main/dist",
    ];
    expect(bad.filter((text) => offences(text).length === 0)).toEqual([]);
  });

  it("lets ordinary words through", () => {
    const fine = [
      "the provider may issue a token to the caller",
      'the issue\'s dot path, or "body"',
      "Every check also runs against a planted fault, in the same spec files",
      "see tests/e2e/headers.spec.ts",
      "an OAuth error object (RFC 6749 section 5.2)",
      "an OAuth error object (RFC 6749\n  section 5.2)",
      "Builds write inside the project (`work/`, or `.releases/work/<hash>/`)",
      "color: #333;",
      "const first = result.issues[0].message;",
    ];
    expect(fine.flatMap((text) => offences(text).map((offence) => `${text}: ${offence.found}`))).toEqual([]);
  });

  it("finds none in the project's source, scripts, tests, config and docs", () => {
    const files = ourFiles(root).filter((file) => path.relative(root, file) !== SELF);
    const names = files.map((file) => path.relative(root, file).split(path.sep).join("/"));
    expect(names).toEqual(
      expect.arrayContaining(["README.md", "astro.config.mjs", "src/core/settings.ts", "docs/glossary.md"]),
    );
    const found = files.flatMap((file) =>
      offences(readFileSync(file, "utf8")).map(
        ({ line, found: text, fix }) =>
          `${path.relative(root, file).split(path.sep).join("/")}:${line}: "${text}" — ${fix}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
