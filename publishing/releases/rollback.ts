/**
 * `node publishing/releases/rollback.ts [--site preview] [--releases-dir DIR]`: makes the release
 * before the live one live again, at once (the static server follows the pointer). The releases
 * folder is the publishing server's own (`--releases-dir`, else KP_RELEASES_DIR, as the server reads
 * it). Works whether or not the server is running; the server offers the same as
 * `POST /admin/rollback` for remote tooling on the host. `npm run rollback` is the local stack's
 * wrapper (dev/rollback.ts).
 */
import { parseArgs } from "node:util";
import { releaseStore, rollback } from "./releases.ts";
import { storeDirFor } from "../server/index.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "live" },
    "releases-dir": { type: "string" },
  },
});
if (values.site !== "live" && values.site !== "preview") {
  console.error(`Unknown site "${values.site}": use live or preview.`);
  process.exit(2);
}
const releasesDir = values["releases-dir"] ?? process.env["KP_RELEASES_DIR"];
if (!releasesDir) {
  console.error("Name the releases folder: --releases-dir DIR or KP_RELEASES_DIR.");
  process.exit(2);
}
try {
  const result = await rollback(releaseStore(storeDirFor(releasesDir, values.site)));
  console.log(JSON.stringify({ event: "release.rollback", site: values.site, ...result }));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
