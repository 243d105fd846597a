/**
 * What the test suite needs beyond Node and npm, found or installed before any slow step runs: a
 * Chromium Playwright can drive (browser tests), Java (the Nu HTML Checker) and nginx (the deploy
 * tests). The machine is reached only through a `Host`, so every decision here is unit-tested without
 * touching one; the real host is in provision-host.ts.
 */

/** The machine as provisioning sees it. */
export type Host = {
  /** Playwright's own Chromium when it has been downloaded, else null. */
  playwrightChromium: () => string | null;
  /** The first of these paths that is an executable file, or null. */
  firstExecutable: (candidates: readonly string[]) => string | null;
  /** A command's full path, or null when it is not installed. */
  findCommand: (name: string) => string | null;
  isRoot: () => boolean;
  /** apt-get is there: Debian, Ubuntu and their derivatives. */
  hasApt: () => boolean;
  /** Whether Playwright's browser download answers now; gives up within seconds when it does not. */
  canReachPlaywrightDownload: () => Promise<boolean>;
  /** Runs a command, killed after `timeoutMs`; `ok` only on exit 0, `detail` says why not. */
  run: (
    command: string[],
    options: { timeoutMs: number; env?: Record<string, string> },
  ) => Promise<RunResult>;
  log: (line: string) => void;
};

export type RunResult = { ok: boolean; detail: string };

type RuntimeName = "chromium" | "java" | "nginx";

type Runtime = {
  name: RuntimeName;
  /** How a person knows it, and what the suite needs it for. */
  label: string;
  debianPackage: string;
  isInstalled: (host: Host) => boolean;
};

/** Debian's Chromium and its wrapper (the wrapper prints a harmless shell warning). */
const SYSTEM_CHROMIUM = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"];

/**
 * The Chromium the browser tests launch: Playwright's own first (it needs no path), else the
 * system's. Null when there is neither.
 */
export function findChromium(host: Host): { executablePath: string | undefined } | null {
  if (host.playwrightChromium()) return { executablePath: undefined };
  const system = host.firstExecutable(SYSTEM_CHROMIUM);
  return system ? { executablePath: system } : null;
}

const RUNTIMES: readonly Runtime[] = [
  {
    name: "chromium",
    label: "Chromium (browser tests)",
    debianPackage: "chromium",
    // The system's is checked first here only because it is quicker to check; either will do.
    isInstalled: (host) =>
      host.firstExecutable(SYSTEM_CHROMIUM) !== null || host.playwrightChromium() !== null,
  },
  {
    name: "java",
    label: "Java (HTML checker)",
    debianPackage: "default-jre-headless",
    isInstalled: (host) => host.findCommand("java") !== null,
  },
  {
    name: "nginx",
    label: "nginx (deploy tests)",
    debianPackage: "nginx",
    isInstalled: (host) => host.findCommand("nginx") !== null,
  },
];

/** Playwright's command line on this project's Node (npx would cost seconds and may pick another Node). */
export const PLAYWRIGHT = [process.execPath, "node_modules/@playwright/test/cli.js"];

/** Bounds of the slow steps: long enough for a real download, short enough never to hang a run. */
export const PLAYWRIGHT_INSTALL_MS = 10 * 60_000;
const APT_UPDATE_MS = 3 * 60_000;
export const APT_INSTALL_MS = 15 * 60_000;

/** A mirror that stops answering fails the step instead of stalling it. */
const APT_OPTIONS = [
  "-q",
  ...["Acquire::Retries=1", "Acquire::http::Timeout=20", "Acquire::https::Timeout=20"].flatMap((o) => [
    "-o",
    o,
  ]),
];

type ProvisionResult = { ok: true; installed: RuntimeName[] } | { ok: false; message: string };

function missingRuntimes(host: Host): Runtime[] {
  return RUNTIMES.filter((runtime) => !runtime.isInstalled(host));
}

/**
 * Makes sure every runtime is there. Chromium: Playwright's, else the system's, else Playwright's
 * download where it can be reached, else the distribution's package; the other runtimes come from
 * the distribution. Installing packages needs root and apt-get; without them the result is one line
 * naming the command a person must run, decided before anything slow has started.
 */
export async function provision(host: Host): Promise<ProvisionResult> {
  const before = missingRuntimes(host);
  if (before.length === 0) return { ok: true, installed: [] };

  if (before.some((runtime) => runtime.name === "chromium") && (await host.canReachPlaywrightDownload())) {
    await installPlaywrightChromium(host);
  }

  let missing = missingRuntimes(host);
  if (missing.length > 0 && host.isRoot() && host.hasApt()) {
    const failure = await aptInstall(host, missing);
    if (failure) return { ok: false, message: failure };
    missing = missingRuntimes(host);
    if (missing.length > 0) {
      return {
        ok: false,
        message: `apt-get finished, yet ${listOf(missing.map((r) => r.label))} cannot be found: install ${missing.length > 1 ? "them" : "it"} by hand, then run npm test again.`,
      };
    }
  }
  if (missing.length > 0) return { ok: false, message: askLine(host, missing) };
  const installed = before.map((runtime) => runtime.name);
  return { ok: true, installed };
}

async function installPlaywrightChromium(host: Host): Promise<void> {
  // As root on Debian/Ubuntu, Playwright also installs the libraries its browser needs.
  const withDeps = host.isRoot() && host.hasApt() ? ["--with-deps"] : [];
  host.log("downloading Playwright's Chromium…");
  const result = await host.run([...PLAYWRIGHT, "install", ...withDeps, "chromium"], {
    timeoutMs: PLAYWRIGHT_INSTALL_MS,
  });
  if (!result.ok) host.log(`Playwright could not install its Chromium (${result.detail})`);
}

/** One apt-get transaction for everything missing; returns the line to show when it fails. */
async function aptInstall(host: Host, missing: Runtime[]): Promise<string | null> {
  const packages = missing.map((runtime) => runtime.debianPackage);
  host.log(`installing ${packages.join(" ")} with apt-get (a minute or more)…`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const update = await host.run(["apt-get", ...APT_OPTIONS, "update"], { timeoutMs: APT_UPDATE_MS, env });
  const install = update.ok
    ? await host.run(["apt-get", ...APT_OPTIONS, "install", "-y", ...packages], {
        timeoutMs: APT_INSTALL_MS,
        env,
      })
    : update;
  if (install.ok) return null;
  return `apt-get could not install ${packages.join(" ")} (${install.detail}): run \`${aptCommand(packages, "")}\` once the package mirror can be reached, then npm test again.`;
}

/** The line for a user who cannot install what is missing, naming the command that would. */
function askLine(host: Host, missing: Runtime[]): string {
  const needs = `npm test needs ${listOf(missing.map((runtime) => runtime.label))}, which this user cannot install`;
  if (host.hasApt()) {
    const packages = missing.map((runtime) => runtime.debianPackage);
    return `${needs}: run \`${aptCommand(packages, host.isRoot() ? "" : "sudo ")}\`, then npm test again.`;
  }
  const browser = missing.some((runtime) => runtime.name === "chromium")
    ? " (for the browser, `npx playwright install chromium` also works where its download can be reached)"
    : "";
  return `${needs}: install ${missing.length > 1 ? "them" : "it"} with the system's package manager${browser}, then run npm test again.`;
}

function aptCommand(packages: string[], sudo: string): string {
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(" ")}`;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
