/**
 * The inline scripts of a built page, found the way a browser finds them. A page also carries
 * content (titles in `<title>` and `og:title`, link hrefs, rich text) that may contain the text
 * `<script>…</script>`; Astro escapes it, but a regular expression over the raw HTML still "sees"
 * a script inside an attribute value and would allow its hash for every page. An HTML parser reads
 * attribute values, comments, `<title>` and `<textarea>` as what they are, so only script elements
 * the templates emit are hashed.
 *
 * Parsing costs about a quarter of a millisecond per page, and most pages carry no inline script
 * at all (their scripts have `src`, or are JSON-LD data blocks): a page is parsed only when one of its
 * `<script` openings is not, in a form read the same by every HTML parser, plainly one of those.
 */
import { Parser } from "htmlparser2";
import { scriptHash } from "../serving/headers.ts";

/** Script types a browser runs (and CSP governs); any other type is a data block, never executed. */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
]);

/** Whether a script element of this `type` attribute (none: undefined) runs. */
const typeRuns = (type: string | undefined): boolean => EXECUTABLE_TYPES.has((type ?? "").trim().toLowerCase());

/** Every place a script element can start: `<script` in any case, then whitespace, `/` or `>`. */
const SCRIPT_OPENING = /<script\b/gi;

/**
 * A script start tag in its plain form: names of letters, digits and hyphens, values in double
 * quotes without `<`, `>`, `"` or `&`, separated by HTML whitespace (not JavaScript's `\s`, which
 * also takes a no-break space a browser reads as part of a name). A browser reads such a tag as the
 * attributes written: the tag ends at its first `>`, and no character reference changes a value.
 */
const PLAIN_START_TAG = /<script((?:[\t\n\f\r ]+[a-z][a-z0-9-]*(?:="[^"<>&]*")?)*)[\t\n\f\r ]*>/iy;
const PLAIN_ATTRIBUTE = /[\t\n\f\r ]+([a-z][a-z0-9-]*)(?:="([^"]*)")?/gi;

/** Whether the script opening at `index` plainly never runs inline: it has `src`, or its first `type` names data. */
function plainlyNotInline(html: string, index: number): boolean {
  PLAIN_START_TAG.lastIndex = index;
  const tag = PLAIN_START_TAG.exec(html);
  if (!tag) return false;
  let type: string | undefined;
  for (const [, name = "", value = ""] of (tag[1] ?? "").matchAll(PLAIN_ATTRIBUTE)) {
    const lower = name.toLowerCase();
    if (lower === "src") return true;
    // A browser keeps the first of two attributes of one name.
    if (lower === "type") type ??= value;
  }
  return type !== undefined && !typeRuns(type);
}

/**
 * Whether a page may hold an inline script: false only when every `<script` in its text, real tag
 * or not, is plainly not one. Real script elements are among those openings, so none is missed.
 */
function mayHoldInlineScript(html: string): boolean {
  for (const opening of html.matchAll(SCRIPT_OPENING))
    if (!plainlyNotInline(html, opening.index)) return true;
  return false;
}

/** `'sha256-…'` of every executable inline script element in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  if (!mayHoldInlineScript(html)) return [];
  const hashes = new Set<string>();
  let script: { text: string; counts: boolean } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "script") return;
        script = { text: "", counts: attributes["src"] === undefined && typeRuns(attributes["type"]) };
      },
      ontext(text) {
        if (script) script.text += text;
      },
      onclosetag(name) {
        if (name !== "script" || !script) return;
        if (script.counts) hashes.add(scriptHash(script.text));
        script = null;
      },
    },
    // Script text is raw in HTML: the parser leaves its entities alone, as the browser does.
    { decodeEntities: true },
  );
  parser.end(html);
  return [...hashes];
}
