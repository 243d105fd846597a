import { findChromium } from "../../../dev/lib/provision.ts";
import { realHost } from "../../../dev/lib/provision-host.ts";

/**
 * The Chromium the browser tests launch: undefined lets Playwright use its own, else the system's
 * path. `npm test` installs one first (dev/provision.ts); run without that step on a machine
 * without one, the suite stops with the command that does.
 */
export function chromiumExecutable(): string | undefined {
  const found = findChromium(realHost());
  if (found) return found.executablePath;
  throw new Error(
    "No Chromium for the browser tests: run `npm run provision`, which installs one or names the command that will.",
  );
}
