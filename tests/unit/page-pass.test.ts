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

    const byPage = await hashAndCompress(pass, files.map((file) => ({ file, compress: true })), { reuseFrom: null, assetsFrom: null });
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

    await hashAndCompress(next, [{ file: "nieuws/artikel-0.html", compress: true }, { file: "nieuws/artikel-2.html", compress: false }], { reuseFrom: previous, assetsFrom: null });
    expect(await readFile(path.join(next, "nieuws/artikel-0.html.br"), "utf8")).toBe("the previous release's own variant");
    expect(await listed(next)).not.toContain("nieuws/artikel-2.html.br");
  });

  it("takes another site's variants of hashed assets identical there, and of nothing else", async () => {
    const asset = "_astro/Shell.a1b2c3.js";
    const code = `export const shell = () => ${JSON.stringify("portaal ".repeat(400))};`;
    const [live, preview] = [path.join(root, "live"), path.join(root, "preview")];
    for (const dir of [live, preview]) {
      await site(dir, 2);
      await mkdir(path.join(dir, "_astro"), { recursive: true });
      await writeFile(path.join(dir, asset), code);
    }
    await writeFile(path.join(live, "_astro/Changed.d4e5f6.js"), code);
    await writeFile(path.join(preview, "_astro/Changed.d4e5f6.js"), `${code}// not the same bytes`);
    await precompressFiles(live, [asset, "_astro/Changed.d4e5f6.js", "nieuws/artikel-0.html"], null);
    for (const file of [asset, "_astro/Changed.d4e5f6.js", "nieuws/artikel-0.html"]) await writeFile(path.join(live, `${file}.br`), "the live site's own variant");

    const files = [asset, "_astro/Changed.d4e5f6.js", "nieuws/artikel-0.html"].map((file) => ({ file, compress: true }));
    await hashAndCompress(preview, files, { reuseFrom: null, assetsFrom: live });

    expect(await readFile(path.join(preview, `${asset}.br`), "utf8")).toBe("the live site's own variant");
    // A page is the preview's own even where its bytes match (its name does not say its content).
    expect(await readFile(path.join(preview, "nieuws/artikel-0.html.br"), "utf8")).not.toBe("the live site's own variant");
    expect(await readFile(path.join(preview, "_astro/Changed.d4e5f6.js.br"), "utf8")).not.toBe("the live site's own variant");
  });

  it("fails when a file cannot be read, once every worker has stopped", async () => {
    const dir = path.join(root, "broken");
    const files = await site(dir, 3);
    await expect(hashAndCompress(dir, [...files, "missing.html"].map((file) => ({ file, compress: true })), { reuseFrom: null, assetsFrom: null })).rejects.toThrow(/page pass: .*missing\.html/);
  });
});
