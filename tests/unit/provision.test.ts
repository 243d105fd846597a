import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  APT_INSTALL_MS,
  findChromium,
  PLAYWRIGHT,
  PLAYWRIGHT_INSTALL_MS,
  provision,
  type Host,
  type RunResult,
} from "../../dev/lib/provision.ts";
import { findCommand } from "../../publishing/serving/find-command.ts";
import { runBounded } from "../../dev/lib/provision-host.ts";

/** A process's state letter from /proc (Z: ended, waiting to be reaped), or "gone". */
function processState(pid: number): string {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1] ?? "gone";
  } catch {
    return "gone";
  }
}

/** A machine in memory: what is installed, who runs the suite, what the network reaches. */
type Machine = {
  playwrightChromium?: boolean;
  files?: string[];
  commands?: string[];
  root?: boolean;
  apt?: boolean;
  downloadReachable?: boolean;
  /** How a command ends; by default it succeeds and installs what it names. */
  outcome?: (command: string[]) => RunResult;
};

type Call = { command: string[]; timeoutMs: number; env: Record<string, string> | undefined };

/** Files and commands each Debian package puts on the machine. */
const PACKAGE_CONTENTS: Record<string, { files?: string[]; commands?: string[] }> = {
  chromium: { files: ["/usr/lib/chromium/chromium", "/usr/bin/chromium"] },
  "default-jre-headless": { commands: ["java"] },
  nginx: { commands: ["nginx"] },
};

function fakeHost(machine: Machine): Host & { calls: Call[]; logs: string[] } {
  const files = new Set(machine.files ?? []);
  const commands = new Set(machine.commands ?? []);
  let playwright = machine.playwrightChromium ?? false;
  const calls: Call[] = [];
  const logs: string[] = [];
  return {
    calls,
    logs,
    playwrightChromium: () => (playwright ? "/home/u/.cache/ms-playwright/chromium-1/chrome" : null),
    firstExecutable: (candidates) => candidates.find((file) => files.has(file)) ?? null,
    findCommand: (name) => (commands.has(name) ? `/usr/bin/${name}` : null),
    isRoot: () => machine.root ?? false,
    hasApt: () => machine.apt ?? true,
    canReachPlaywrightDownload: async () => machine.downloadReachable ?? false,
    run: async (command, options) => {
      calls.push({ command, timeoutMs: options.timeoutMs, env: options.env });
      const result = machine.outcome?.(command) ?? { ok: true, detail: "" };
      if (!result.ok) return result;
      if (command[1] === PLAYWRIGHT[1]) playwright = true;
      if (command.includes("install") && command[0] === "apt-get") {
        for (const name of command.slice(command.indexOf("-y") + 1)) {
          for (const file of PACKAGE_CONTENTS[name]?.files ?? []) files.add(file);
          for (const cmd of PACKAGE_CONTENTS[name]?.commands ?? []) commands.add(cmd);
        }
      }
      return result;
    },
    log: (line) => logs.push(line),
  };
}

const APT_UPDATE = [
  "apt-get",
  "-q",
  "-o",
  "Acquire::Retries=1",
  "-o",
  "Acquire::http::Timeout=20",
  "-o",
  "Acquire::https::Timeout=20",
  "update",
];
const aptInstall = (...packages: string[]): string[] => [
  ...APT_UPDATE.slice(0, -1),
  "install",
  "-y",
  ...packages,
];
const DEBIAN_CHROMIUM = "/usr/lib/chromium/chromium";

describe("which Chromium the browser tests launch", () => {
  it("Playwright's own when it has one (no path: Playwright knows it)", () => {
    const host = fakeHost({ playwrightChromium: true, files: [DEBIAN_CHROMIUM] });
    expect(findChromium(host)).toEqual({ executablePath: undefined });
  });

  it("else Debian's, the browser itself before its shell wrapper", () => {
    expect(findChromium(fakeHost({ files: ["/usr/bin/chromium", DEBIAN_CHROMIUM] }))).toEqual({
      executablePath: DEBIAN_CHROMIUM,
    });
    expect(findChromium(fakeHost({ files: ["/usr/bin/chromium"] }))).toEqual({
      executablePath: "/usr/bin/chromium",
    });
  });

  it("none when neither is there", () => {
    expect(findChromium(fakeHost({ files: ["/usr/bin/firefox"] }))).toBeNull();
  });
});

describe("provisioning before the suite runs", () => {
  it("finds everything already there and runs nothing", async () => {
    const host = fakeHost({
      files: [DEBIAN_CHROMIUM],
      commands: ["java", "nginx"],
      downloadReachable: true,
      root: true,
    });
    expect(await provision(host)).toEqual({ ok: true, installed: [] });
    expect(host.calls).toEqual([]);
  });

  it("downloads Playwright's Chromium where its download can be reached, as any user", async () => {
    const host = fakeHost({ commands: ["java", "nginx"], downloadReachable: true });
    expect(await provision(host)).toEqual({ ok: true, installed: ["chromium"] });
    expect(host.calls).toEqual([
      { command: [...PLAYWRIGHT, "install", "chromium"], timeoutMs: PLAYWRIGHT_INSTALL_MS, env: undefined },
    ]);
  });

  it("as root on Debian, has Playwright bring its browser's libraries and apt-get the rest", async () => {
    const host = fakeHost({ commands: ["java"], downloadReachable: true, root: true });
    expect(await provision(host)).toEqual({ ok: true, installed: ["chromium", "nginx"] });
    expect(host.calls.map((call) => call.command)).toEqual([
      [...PLAYWRIGHT, "install", "--with-deps", "chromium"],
      APT_UPDATE,
      aptInstall("nginx"),
    ]);
  });

  it("as root with the download unreachable: one apt-get transaction for everything missing, unattended and bounded", async () => {
    const host = fakeHost({ root: true });
    expect(await provision(host)).toEqual({ ok: true, installed: ["chromium", "java", "nginx"] });
    expect(host.calls.map((call) => call.command)).toEqual([
      APT_UPDATE,
      aptInstall("chromium", "default-jre-headless", "nginx"),
    ]);
    for (const call of host.calls) {
      expect(call.env).toEqual({ DEBIAN_FRONTEND: "noninteractive" });
      expect(call.timeoutMs).toBeLessThanOrEqual(APT_INSTALL_MS);
    }
  });

  it("falls through to the distribution's package when Playwright's download fails", async () => {
    const host = fakeHost({
      commands: ["java", "nginx"],
      downloadReachable: true,
      root: true,
      outcome: (command) =>
        command[0] === process.execPath
          ? { ok: false, detail: "node gave no result within 600 s" }
          : { ok: true, detail: "" },
    });
    expect(await provision(host)).toEqual({ ok: true, installed: ["chromium"] });
    expect(host.calls.map((call) => call.command.at(-1))).toEqual(["chromium", "update", "chromium"]);
    expect(host.logs).toContain(
      "Playwright could not install its Chromium (node gave no result within 600 s)",
    );
  });

  it("without root and without the download: stops at once with the one command to run, having run nothing", async () => {
    const host = fakeHost({ commands: ["nginx"] });
    const result = await provision(host);
    expect(result).toEqual({
      ok: false,
      message:
        "npm test needs Chromium (browser tests) and Java (HTML checker), which this user cannot install: run `sudo apt-get update && sudo apt-get install -y chromium default-jre-headless`, then npm test again.",
    });
    expect(host.calls).toEqual([]);
  });

  it("off Debian: names the system's package manager and Playwright's own installer", async () => {
    const host = fakeHost({ apt: false, root: true, files: [], commands: ["java"] });
    const result = await provision(host);
    expect(result).toEqual({
      ok: false,
      message:
        "npm test needs Chromium (browser tests) and nginx (deploy tests), which this user cannot install: install them with the system's package manager (for the browser, `npx playwright install chromium` also works where its download can be reached), then run npm test again.",
    });
    expect(host.calls).toEqual([]);
  });

  it("as root with no package mirror: one line with apt-get's reason and the command, nothing after it", async () => {
    const host = fakeHost({
      root: true,
      files: [DEBIAN_CHROMIUM],
      commands: ["java"],
      outcome: (command) =>
        command.includes("update")
          ? { ok: false, detail: "W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease" }
          : { ok: true, detail: "" },
    });
    const result = await provision(host);
    expect(result).toEqual({
      ok: false,
      message:
        "apt-get could not install nginx (W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease): run `apt-get update && apt-get install -y nginx` once the package mirror can be reached, then npm test again.",
    });
    expect(host.calls.map((call) => call.command)).toEqual([APT_UPDATE]);
  });

  it("every message is one line", async () => {
    for (const machine of [
      {},
      { apt: false },
      { root: true, outcome: () => ({ ok: false, detail: "E: no" }) },
    ]) {
      const result = await provision(fakeHost(machine));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).not.toContain("\n");
    }
  });
});

describe("commands on the real machine", () => {
  it("are found outside PATH in the sbin folders, where Debian puts nginx", () => {
    expect(findCommand("nginx", "/usr/bin:/bin"), "nginx (npm test installs it)").not.toBeNull();
    expect(findCommand("no-such-program-here", "/usr/bin:/bin")).toBeNull();
  });
});

describe("a bounded command on the real machine", () => {
  it("is killed, with its children, when its time is up", async () => {
    const pidFile = path.join(await mkdtemp(path.join(os.tmpdir(), "kp-provision-")), "child.pid");
    const started = Date.now();
    const result = await runBounded(["sh", "-c", `sleep 30 & echo $! > ${pidFile}; wait`], {
      timeoutMs: 300,
    });
    expect(result).toEqual({ ok: false, detail: "sh gave no result within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(10_000);
    const child = Number(await readFile(pidFile, "utf8"));
    expect(processState(child), "the background child is gone too").toMatch(/^(gone|Z)$/);
  });

  it("reports a failure by its last line of output, and a missing program", async () => {
    expect(
      await runBounded(["sh", "-c", "echo working; echo 'E: Unable to locate package' >&2; exit 100"], {
        timeoutMs: 10_000,
      }),
    ).toEqual({
      ok: false,
      detail: "E: Unable to locate package",
    });
    const missing = await runBounded(["no-such-program-here"], { timeoutMs: 10_000 });
    expect(missing.ok).toBe(false);
    expect(missing.detail).toContain("ENOENT");
  });
});
