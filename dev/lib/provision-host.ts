/**
 * The real machine behind provision.ts: file checks, commands with a hard time limit, and a quick
 * probe of Playwright's download server.
 */
import type { BrowserType } from "@playwright/test";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { findCommand, firstExecutable } from "../../publishing/serving/find-command.ts";
import type { Host, RunResult } from "./provision.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** How long the download server may take to answer before it counts as unreachable. */
const PROBE_MS = 5_000;
/** Where Playwright downloads its browsers from unless told otherwise. */
const PLAYWRIGHT_DOWNLOAD_HOST = "https://cdn.playwright.dev";

export function realHost(log: (line: string) => void = (line) => console.log(`[provision] ${line}`)): Host {
  return {
    playwrightChromium,
    firstExecutable,
    findCommand: (name) => findCommand(name),
    isRoot: () => process.getuid?.() === 0,
    hasApt: () => findCommand("apt-get") !== null,
    canReachPlaywrightDownload,
    run: runBounded,
    log,
  };
}

/** Loaded only when asked: Playwright takes seconds to load on a busy machine. */
function playwrightChromium(): string | null {
  try {
    const { chromium } = createRequire(import.meta.url)("@playwright/test") as { chromium: BrowserType };
    const executable = chromium.executablePath();
    return existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

/**
 * Whether Playwright's download server (its default, or the mirror set in the environment) answers
 * at all within a few seconds; without a network this fails at once.
 */
async function canReachPlaywrightDownload(): Promise<boolean> {
  const host =
    process.env["PLAYWRIGHT_CHROMIUM_DOWNLOAD_HOST"] ??
    process.env["PLAYWRIGHT_DOWNLOAD_HOST"] ??
    PLAYWRIGHT_DOWNLOAD_HOST;
  try {
    await fetch(host, { method: "HEAD", signal: AbortSignal.timeout(PROBE_MS) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a command in its own process group, which is killed whole when the time is up (apt-get and
 * Playwright's installer start helpers of their own). `detail` is the last output line.
 */
export function runBounded(
  command: string[],
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<RunResult> {
  const [program, ...args] = command;
  if (!program) return Promise.resolve({ ok: false, detail: "no command" });
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: root,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group ended on its own meanwhile.
      }
    }, options.timeoutMs);
    const finish = (result: RunResult): void => {
      clearTimeout(timer);
      resolve(result);
    };
    child.once("error", (error) => finish({ ok: false, detail: error.message }));
    child.once("close", (code) => {
      const last =
        output
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .at(-1) ?? `exit ${code}`;
      if (timedOut)
        return finish({
          ok: false,
          detail: `${program} gave no result within ${options.timeoutMs / 1000} s`,
        });
      finish({ ok: code === 0, detail: last });
    });
  });
}
