/**
 * `npm run rollback [-- --site preview] [-- --test]`: makes the release before the live one live
 * again, at once (the static server follows the pointer). Works whether or not the stack is running;
 * the rebuild server offers the same as `POST /admin/rollback` for remote tooling on the host.
 */
import { parseArgs } from "node:util";
import { releaseStore, rollback } from "./lib/releases.ts";
import { localStackConfig, testStackConfig } from "./lib/stack-config.ts";
import { storeDirFor } from "./rebuild-server/index.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "live" },
    test: { type: "boolean", default: false },
    "releases-dir": { type: "string" },
  },
});
if (values.site !== "live" && values.site !== "preview") {
  console.error(`Unknown site "${values.site}": use live or preview.`);
  process.exit(2);
}
const releasesDir = values["releases-dir"] ?? (values.test ? testStackConfig() : localStackConfig()).releasesDir;
try {
  const result = await rollback(releaseStore(storeDirFor(releasesDir, values.site)));
  console.log(JSON.stringify({ event: "release.rollback", site: values.site, ...result }));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
