/**
 * `npm run rollback [-- --site preview] [-- --test]`: the production rollback
 * (publishing/releases/rollback.ts) pointed at the local stack's releases folder, or the tests'.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { localStackConfig, testStackConfig } from "./lib/stack-config.ts";

const { values } = parseArgs({
  options: { site: { type: "string", default: "live" }, test: { type: "boolean", default: false } },
});
const releasesDir = (values.test ? testStackConfig() : localStackConfig()).releasesDir;
const rollback = path.resolve(import.meta.dirname, "../publishing/releases/rollback.ts");
const result = spawnSync(process.execPath, [rollback, "--site", values.site, "--releases-dir", releasesDir], { stdio: "inherit" });
process.exit(result.status ?? 1);
