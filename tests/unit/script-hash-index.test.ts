import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectScriptHashes } from "../../publishing/build/build-site.ts";
import { createScriptHashIndex } from "../../publishing/build/script-hash-index.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "kp-hash-index-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const page = (script: string): string => `<!doctype html><html><head><script>${script}</script></head><body></body></html>`;

async function site(dir: string, pages: Record<string, string>): Promise<void> {
  for (const [file, script] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), page(script));
  }
  await writeFile(path.join(dir, "_headers.json"), "{}\n");
}

describe("the inline-script hash index", () => {
  it("follows written and removed pages to the hashes a full read finds, reading only those pages", async () => {
    const live = path.join(root, "live");
    await site(live, { "index.html": "a()", "nieuws/x.html": "b()", "nieuws/y.html": "b()" });
    const index = createScriptHashIndex();
    expect(await index.collect(live)).toEqual(await collectScriptHashes(live));
    await index.seal(live);

    // The next release: y removed, x rewritten with a new script: b() is on no page any more, c() is new.
    const next = path.join(root, "next");
    await cp(live, next, { recursive: true });
    await rm(path.join(next, "nieuws/y.html"));
    await writeFile(path.join(next, "nieuws/x.html"), page("c()"));
    const hashes = await index.update({ liveDir: live, outDir: next, written: ["nieuws/x.html"], removed: ["nieuws/y.html"] });
    expect(hashes).toHaveLength(2);
    expect(hashes).toEqual(await collectScriptHashes(next));
  });

  it("reads the whole live release again when it does not describe it (after a rollback or a failure)", async () => {
    const live = path.join(root, "live");
    await site(live, { "index.html": "a()" });
    const other = path.join(root, "other");
    await site(other, { "index.html": "z()" });
    const index = createScriptHashIndex();
    await index.collect(live);
    await index.seal(live);
    const out = path.join(root, "out");
    await cp(other, out, { recursive: true });
    // `other` is live now: the index described `live`, so it starts again from `other`.
    expect(await index.update({ liveDir: other, outDir: out, written: [], removed: [] })).toEqual(await collectScriptHashes(other));
    index.forget();
    expect(await index.update({ liveDir: other, outDir: out, written: [], removed: [] })).toEqual(await collectScriptHashes(other));
  });
});
