import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

/** Debian's Chromium; Playwright cannot download its own browser on these machines. */
const DEBIAN_CHROMIUM = "/usr/lib/chromium/chromium";

/**
 * A Playwright-managed Chromium when one is installed, else Debian's (`.ci/run` installs it).
 * Returns undefined to let Playwright use its own.
 */
export function chromiumExecutable(): string | undefined {
  const managed = safeExecutablePath();
  if (managed && existsSync(managed)) return undefined;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  throw new Error(
    "No Chromium found. Install Debian's: `apt-get update && apt-get install -y chromium` (as root), then run the tests again.",
  );
}

function safeExecutablePath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
