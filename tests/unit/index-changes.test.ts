import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changedIndexFiles } from "../../publishing/build/index-changes.ts";

let root: string;
beforeEach(async () => void (root = await mkdtemp(path.join(os.tmpdir(), "kp-index-changes-"))));
afterEach(() => rm(root, { recursive: true, force: true }));

/** A release folder whose search index holds `files` (path under `pagefind/` → content). */
async function release(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, "pagefind", file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return dir;
}

describe("the search index files a rebuild changed", () => {
  it("names the new, the changed and the gone, not those written again byte for byte", async () => {
    const base = await release("base", {
      "fragment/nl_aaaaaaa.pf_fragment": "ongewijzigd",
      "fragment/nl_bbbbbbb.pf_fragment": "verdwijnt",
      "index/nl_ccccccc.pf_index": "oud",
      "pagefind-entry.json": '{"v":1}',
      "pagefind-ui.js": "ui",
    });
    const out = await release("out", {
      "fragment/nl_aaaaaaa.pf_fragment": "ongewijzigd",
      "fragment/nl_ddddddd.pf_fragment": "nieuw",
      "index/nl_ccccccc.pf_index": "nieuw",
      "pagefind-entry.json": '{"v":2}',
      "pagefind-ui.js": "ui",
    });
    expect(await changedIndexFiles(base, out)).toEqual([
      "pagefind/fragment/nl_bbbbbbb.pf_fragment",
      "pagefind/fragment/nl_ddddddd.pf_fragment",
      "pagefind/index/nl_ccccccc.pf_index",
      "pagefind/pagefind-entry.json",
    ]);
  });

  it("compares content even where the size is the same, and names a compressed variant's change by its file", async () => {
    const base = await release("base", { "pagefind-entry.json": "abc", "pagefind-entry.json.br": "x1", "offline-files.json": "[]" });
    const out = await release("out", { "pagefind-entry.json": "abd", "pagefind-entry.json.br": "x2", "offline-files.json": "[]", "offline-files.json.gz": "z" });
    expect(await changedIndexFiles(base, out)).toEqual(["pagefind/offline-files.json", "pagefind/pagefind-entry.json"]);
  });

  it("names every file when one side has no index", async () => {
    const base = await release("base", {});
    const out = await release("out", { "pagefind.js": "js" });
    expect(await changedIndexFiles(base, out)).toEqual(["pagefind/pagefind.js"]);
    expect(await changedIndexFiles(out, base)).toEqual(["pagefind/pagefind.js"]);
  });
});
