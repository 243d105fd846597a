/**
 * The first step of `npm test`: finds or installs what the suite needs beyond Node and npm (a
 * Chromium, Java, nginx), or stops at once with the one command a person must run.
 */
import { provision } from "./lib/provision.ts";
import { realHost } from "./lib/provision-host.ts";

const result = await provision(realHost());
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
if (result.installed.length > 0) console.log(`[provision] installed: ${result.installed.join(", ")}`);
