import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SaxonJS from "saxon-js";
import { validateXML } from "xmllint-wasm";

/**
 * Validates UBL e-invoices as an e-invoicing network would, with the official artefacts vendored in
 * tests/vendor/einvoicing (see its README): the UBL 2.1 schema (xmllint compiled to WebAssembly), the
 * CEN EN 16931 UBL rules and the Peppol BIS Billing 3.0 rules (their XSLT, compiled once to SaxonJS's
 * SEF format by the xslt3 package and cached under node_modules/.cache). Node only: no Java.
 */

const VENDOR = fileURLToPath(new URL("../vendor/einvoicing/", import.meta.url));
const require = createRequire(import.meta.url);
const XSLT3 = require.resolve("xslt3/xslt3.js");
const CACHE = path.join(fileURLToPath(new URL("../../node_modules/.cache/kp-einvoicing/", import.meta.url)));

export const RULE_SETS = {
  cen: path.join(VENDOR, "cen/EN16931-UBL-validation.xslt"),
  peppol: path.join(VENDOR, "peppol/PEPPOL-EN16931-UBL.xslt"),
} as const;
export type RuleSet = keyof typeof RULE_SETS;

/**
 * The SEF of a rule set: compiled once per content of the XSLT (about half a minute each on a
 * developer's machine), then read from the cache.
 */
async function compiled(ruleSet: RuleSet): Promise<string> {
  const xslt = RULE_SETS[ruleSet];
  const { version } = require("xslt3/package.json") as { version: string };
  const hash = createHash("sha256").update(await readFile(xslt)).update(version).digest("hex").slice(0, 16);
  const sef = path.join(CACHE, `${ruleSet}-${hash}.sef.json`);
  try {
    await readFile(sef, { flag: "r" });
    return sef;
  } catch {
    await mkdir(CACHE, { recursive: true });
    const partial = `${sef}.${process.pid}.tmp`;
    await promisify(execFile)(process.execPath, [XSLT3, `-xsl:${xslt}`, `-export:${partial}`, "-nogo", "-relocate:on"], { maxBuffer: 1 << 24 });
    await rename(partial, sef);
    return sef;
  }
}

export type RuleFailure = { ruleSet: RuleSet; id: string; flag: string; text: string; location: string };

/** Loads the compiled rule sets (compiling them when the cache has none); call once before validating. */
export async function loadRules(): Promise<Record<RuleSet, unknown>> {
  const [cen, peppol] = await Promise.all([compiled("cen"), compiled("peppol")]);
  const load = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, "utf8"));
  return { cen: await load(cen), peppol: await load(peppol) };
}

/** Every failed assertion (fatal and warning) of both rule sets on one document, from their SVRL report. */
export function schematronFailures(rules: Record<RuleSet, unknown>, xml: string): RuleFailure[] {
  return (Object.keys(RULE_SETS) as RuleSet[]).flatMap((ruleSet) => {
    const result = SaxonJS.transform({ stylesheetInternal: rules[ruleSet], sourceText: xml, destination: "serialized" }, "sync") as {
      principalResult: string;
    };
    return [...result.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((match) => {
      const attribute = (name: string): string => new RegExp(`\\b${name}="([^"]*)"`).exec(match[1] ?? "")?.[1] ?? "";
      return {
        ruleSet,
        id: attribute("id"),
        flag: attribute("flag"),
        location: attribute("location"),
        text: (match[2] ?? "").replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim(),
      };
    });
  });
}

/** The UBL 2.1 schema's errors on each document (an empty list per valid one), in one run of xmllint. */
const SCHEMA_BATCH = 500;

export async function schemaErrors(documents: { name: string; xml: string }[]): Promise<string[]> {
  const common = await readdir(path.join(VENDOR, "ubl-2.1/common"));
  const preload = await Promise.all(
    common.map(async (file) => ({ fileName: `common/${file}`, contents: await readFile(path.join(VENDOR, "ubl-2.1/common", file), "utf8") })),
  );
  const errors: string[] = [];
  for (const root of ["Invoice", "CreditNote"] as const) {
    const ofRoot = documents.filter((doc) => new RegExp(`<${root}\\b`).test(doc.xml));
    if (ofRoot.length === 0) continue;
    const schemaFile = `maindoc/UBL-${root}-2.1.xsd`;
    const schema = { fileName: schemaFile, contents: await readFile(path.join(VENDOR, "ubl-2.1", schemaFile), "utf8") };
    // In batches: xmllint's WebAssembly memory does not hold thousands of documents in one call.
    for (let start = 0; start < ofRoot.length; start += SCHEMA_BATCH) {
      const batch = ofRoot.slice(start, start + SCHEMA_BATCH);
      const result = await validateXML({ xml: batch.map((doc) => ({ fileName: `${doc.name}.xml`, contents: doc.xml })), schema, preload });
      errors.push(...result.errors.map((error) => error.rawMessage));
    }
  }
  return errors;
}
