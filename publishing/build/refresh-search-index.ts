/**
 * `node publishing/build/refresh-search-index.ts <base release> <out>`: `refreshSearchIndex` as its own
 * process, which the publishing side starts at the lowest CPU priority so that rebuilding the search
 * index after a fast release never slows the next publish.
 */
import { refreshSearchIndex } from "./fast-release.ts";

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error("usage: refresh-search-index.ts <base release folder> <output folder>");
  process.exit(2);
}
await refreshSearchIndex(base, out);
