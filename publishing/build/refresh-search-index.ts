/**
 * `node publishing/build/refresh-search-index.ts <base release> <out>`: `refreshSearchIndex` as its own
 * process, which the publishing side starts at the lowest CPU priority so that rebuilding the search
 * index after a fast release never slows the next publish. Its last line on standard output names
 * the index files that changed.
 */
import { INDEX_CHANGES_LINE, refreshSearchIndex } from "./fast-release.ts";

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error("usage: refresh-search-index.ts <base release folder> <output folder>");
  process.exit(2);
}
const changed = await refreshSearchIndex(base, out);
process.stdout.write(`\n${INDEX_CHANGES_LINE}${JSON.stringify(changed)}\n`);
