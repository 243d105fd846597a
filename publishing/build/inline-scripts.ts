/**
 * The inline scripts of a built page, found the way a browser finds them. A page also carries
 * content (titles in `<title>` and `og:title`, link hrefs, rich text) that may contain the text
 * `<script>…</script>`; Astro escapes it, but a regular expression over the raw HTML still "sees"
 * a script inside an attribute value and would allow its hash for every page. An HTML parser reads
 * attribute values, comments, `<title>` and `<textarea>` as what they are, so only script elements
 * the templates emit are hashed.
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

/** `'sha256-…'` of every executable inline script element in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let script: { text: string; counts: boolean } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "script") return;
        const type = (attributes["type"] ?? "").trim().toLowerCase();
        script = { text: "", counts: attributes["src"] === undefined && EXECUTABLE_TYPES.has(type) };
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
