import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectScriptHashes, precompressFiles } from "../../publishing/build/build-site.ts";
import { hashAndCompress } from "../../publishing/build/page-pass.ts";
import { createScriptHashIndex } from "../../publishing/build/script-hash-index.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "kp-page-pass-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A site of `count` pages, each with an inline script of its own kind (a few kinds in all) and enough text to be compressed. */
async function site(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let page = 0; page < count; page++) {
    const file = page % 2 === 0 ? `nieuws/artikel-${page}.html` : `en/news/article-${page}.html`;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    const body = `<!doctype html><html><head><title>&lt;script&gt;x()&lt;/script&gt;</title><script>kind${page % 3}()</script></head><body>${"Tekst van de pagina. ".repeat(100 + page)}</body></html>`;
    await writeFile(path.join(dir, file), body);
    files.push(file);
  }
  await writeFile(path.join(dir, "small.json"), "{}");
  files.push("small.json");
  return files;
}

const listed = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map(String).sort();

describe("the page pass of a full build", () => {
  it("writes the variants the fast path writes and finds the hashes a full read finds, on several workers", async () => {
    const pass = path.join(root, "pass");
    // More files than one batch, so every worker has a share.
    const files = await site(pass, 450);
    const single = path.join(root, "single");
    await cp(pass, single, { recursive: true });

    const byPage = await hashAndCompress(pass, files.map((file) => ({ file, compress: true })), { reuseFrom: null });
    await precompressFiles(single, files, null);

    expect(await listed(pass)).toEqual(await listed(single));
    for (const file of ["nieuws/artikel-0.html.br", "en/news/article-449.html.gz"]) {
      expect(await readFile(path.join(pass, file))).toEqual(await readFile(path.join(single, file)));
    }
    // Too small to be worth it: no variants.
    expect(await listed(pass)).not.toContain("small.json.br");
    expect(byPage.size).toBe(450);
    const all = createScriptHashIndex().fill(byPage);
    expect(all).toHaveLength(3);
    expect(all).toEqual(await collectScriptHashes(single));
  });

  it("takes the variants of files unchanged since the release given, and compresses only those marked", async () => {
    const previous = path.join(root, "previous");
    const files = await site(previous, 4);
    await precompressFiles(previous, files, null);
    await writeFile(path.join(previous, "nieuws/artikel-0.html.br"), "the previous release's own variant");
    const next = path.join(root, "next");
    await site(next, 4);

    await hashAndCompress(next, [{ file: "nieuws/artikel-0.html", compress: true }, { file: "nieuws/artikel-2.html", compress: false }], { reuseFrom: previous });
    expect(await readFile(path.join(next, "nieuws/artikel-0.html.br"), "utf8")).toBe("the previous release's own variant");
    expect(await listed(next)).not.toContain("nieuws/artikel-2.html.br");
  });

  it("fails when a file cannot be read, once every worker has stopped", async () => {
    const dir = path.join(root, "broken");
    const files = await site(dir, 3);
    await expect(hashAndCompress(dir, [...files, "missing.html"].map((file) => ({ file, compress: true })), { reuseFrom: null })).rejects.toThrow(/page pass: .*missing\.html/);
  });
});
