import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { htmlFilesOf } from "./build-output.ts";

/** The Nu HTML Checker's jar (the vnu-jar package exports its path). */
const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

/** One error the checker reported, with the file relative to the build folder. */
export type HtmlError = { file: string; line: number | undefined; message: string; extract: string };

/**
 * Astro's redirect stubs (the `/nl/…` aliases of astro-i18n-aut, `Astro.redirect` in a static
 * build) come from the framework's template, whose `content="0;url=…"` lacks the space the HTML
 * standard asks for; the static server and CDN answer those paths with real redirects.
 */
function isAstroRedirectStub(html: string): boolean {
  return /^<!doctype html><title>Redirecting to: [^<]*<\/title><meta http-equiv="refresh" content="\d+;url=/i.test(html);
}

/**
 * Validates every HTML page of a build with the Nu HTML Checker on the machine's Java and returns
 * its errors (warnings do not fail). Astro's redirect stubs are left out and listed in `skipped`.
 */
export async function validateBuiltHtml(buildDir: string): Promise<{ errors: HtmlError[]; checked: number; skipped: string[] }> {
  const files: string[] = [];
  const skipped: string[] = [];
  for (const file of await htmlFilesOf(buildDir)) {
    if (isAstroRedirectStub(await readFile(path.join(buildDir, file), "utf8"))) skipped.push(file);
    else files.push(file);
  }
  if (files.length === 0) return { errors: [], checked: 0, skipped };
  const report = await runVnu(buildDir, files);
  const errors = report.messages
    .filter((message) => message.type === "error" || message.subType === "fatal")
    .map((message) => ({
      file: path.relative(buildDir, new URL(message.url ?? "file:///").pathname),
      line: message.lastLine,
      message: message.message,
      extract: message.extract ?? "",
    }));
  return { errors, checked: files.length, skipped };
}

type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

/** Runs the checker once over all files (one JVM start) and parses its JSON report from stderr. */
function runVnu(cwd: string, files: string[]): Promise<{ messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn("java", ["-Xss4m", "-jar", VNU_JAR, "--format", "json", "--errors-only", "--exit-zero-always", ...files], {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) =>
      reject(new Error(`Cannot run java for the HTML check (install a JRE: apt-get install -y default-jre-headless): ${error.message}`)),
    );
    child.once("close", (code) => {
      try {
        resolve(JSON.parse(output) as { messages: VnuMessage[] });
      } catch {
        reject(new Error(`The Nu HTML Checker exited ${code} without a JSON report:\n${output.slice(-2000)}`));
      }
    });
  });
}

/** One line per error, for an assertion message. */
export function describeHtmlErrors(errors: HtmlError[]): string[] {
  return errors.map((error) => `${error.file}:${error.line ?? "?"} ${error.message} [${error.extract.replace(/\s+/g, " ").trim()}]`);
}
