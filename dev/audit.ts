/**
 * `npm run audit`: Lighthouse (mobile settings: Moto G class device, simulated slow 4G) on the home
 * page, an article and the news archive, then, after a scripted sign-in, on every portal screen of
 * the registry (src/core/portal/screens.ts). It prints performance, accessibility, best-practices and
 * SEO with LCP, CLS and TBT as JSON, and whether each page meets its targets (with the reason when
 * Lighthouse could not measure a page, `unmeasured`, rather than a bare score of 0); exits 1 when
 * one is missed.
 *
 * Targets: accessibility and best practices 100 everywhere. Public pages: performance 98, SEO 100.
 * The dashboard: performance 95, TBT under 150 ms, LCP under 1.8 s; every other portal screen:
 * performance 90. A private page is held to `noindex` instead of SEO 100: it must carry it (the
 * is-crawlable audit fails because of it, which is checked), and every other SEO audit must pass.
 *
 * It runs on Debian's Chromium (CHROME_PATH, default /usr/lib/chromium/chromium) through
 * chrome-launcher, without the spare renderer process (`dev/lib/audit-chrome-flags.ts` says why).
 * Portal screens follow a scripted sign-in over the debugging port (Playwright's connectOverCDP),
 * each in a browser started for it on the sign-in's profile, with Lighthouse told to keep the
 * storage that holds the session. Against KP_SITE_URL (and KP_BACKEND_URL) when set, else
 * it starts the tests' stack on its own ports (KP_TEST_PORT_BASE, default 7400) and stops it
 * afterwards.
 *
 * With `--lhr <folder>` each page's whole Lighthouse report goes there too (`<page>.json`), for
 * what the summary leaves out: the long tasks, each script's boot-up time, the LCP element; a page
 * without a score also leaves its trace (`<page>.trace.json`).
 *
 *   npm run audit [-- --out audit.json] [-- --only dashboard] [-- --lhr audit-reports]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SCREEN_IDS, SCREENS } from "../src/core/portal/screens.ts";
import { auditChromeFlags } from "./lib/audit-chrome-flags.ts";
import { DEMO_PASSWORD } from "./lib/stack-config.ts";
import { unmeasuredReason } from "./lib/unmeasured.ts";

const root = path.resolve(import.meta.dirname, "..");
const CHROME_PATH = process.env["CHROME_PATH"] ?? "/usr/lib/chromium/chromium";
const CHROME_FLAGS = auditChromeFlags();

type AuditedPage = { name: string; path: string; signedIn: boolean };

const PUBLIC_PAGES: AuditedPage[] = [
  { name: "home", path: "/", signedIn: false },
  { name: "article", path: "/nieuws/duurzaamheid/statiegeld-op-blik", signedIn: false },
  { name: "archive", path: "/nieuws", signedIn: false },
];

/** Every portal screen a signed-in customer opens (consent and the debug view are not theirs). */
const PORTAL_PAGES: AuditedPage[] = SCREEN_IDS.filter((id) => SCREENS[id].needsAccount).map((id) => ({
  name: id,
  path: SCREENS[id].path,
  signedIn: true,
}));

/** Scores out of 100, times in ms. */
const TARGETS = {
  accessibility: 100,
  bestPractices: 100,
  seoPublic: 100,
  performancePublic: 98,
  performanceDashboard: 95,
  performancePortal: 90,
  dashboardTbtMs: 150,
  dashboardLcpMs: 1800,
};

/** The audit a private page fails on purpose: its `noindex` keeps it out of search engines. */
const NOINDEX_AUDIT = "seo: is-crawlable";

type Figures = {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  meetsTargets: boolean;
  /** Private pages: whether the page carries `noindex` (it must). */
  noindex?: boolean;
  /** Audits that cost points outside performance, so a missed 100 says why. */
  failing: string[];
  /** Why Lighthouse gave no performance score (it could not measure the page), instead of a bare 0. */
  unmeasured?: string;
  /** The elements that moved most (Lighthouse's layout-shifts audit), so a high CLS says where. */
  shifted: string[];
};

type ShiftItem = { score?: number; node?: { selector?: string; snippet?: string } };

type Stack = { site: string; backend: string; stop: () => Promise<void> };

/** The running site, or the tests' stack started for this audit. */
async function stack(): Promise<Stack> {
  const site = process.env["KP_SITE_URL"];
  const backend = process.env["KP_BACKEND_URL"];
  if (site && backend) return { site, backend, stop: () => Promise.resolve() };
  const child = spawn(process.execPath, [path.join(root, "dev/start.ts"), "--test"], {
    cwd: root,
    env: { ...process.env, KP_TEST_PORT_BASE: process.env["KP_TEST_PORT_BASE"] ?? "7400", NODE_NO_WARNINGS: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = await waitForReady(child);
  return {
    site: ready.site,
    backend: ready.backend,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

function waitForReady(child: ChildProcess): Promise<{ site: string; backend: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /KP_READY (\{.*\})/.exec(output);
      if (match?.[1]) resolve(JSON.parse(match[1]) as { site: string; backend: string });
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`The stack exited (${code}) before it was ready:\n${output.slice(-4000)}`)));
  });
}

/**
 * Runs `task` with the browser chrome-launcher started, over its debugging port (Playwright's
 * connectOverCDP), then disconnects only: the browser stays up for Lighthouse.
 */
async function overCdp<T>(port: number, task: (browser: Browser, context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("The browser has no default context");
    return await task(browser, context);
  } finally {
    await browser.close();
  }
}

/** Signs the demo main user in through the real login page, in the browser Lighthouse will use. */
function signIn(port: number, site: string): Promise<void> {
  return overCdp(port, async (_, context) => {
    const page = await context.newPage();
    await page.goto(`${site}/inloggen`);
    await page.locator("#email").fill("hoofdgebruiker@example.com");
    await page.locator("#password").fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    await page.close();
  });
}

/**
 * A browser of its own for `task`, on the profile in `profile`, closed the way a person closes it
 * (its storage written to disk, so the next one on the profile finds the session).
 */
async function withBrowser<T>(profile: string, task: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, ignoreDefaultFlags: true, userDataDir: profile });
  try {
    return await task(chrome.port);
  } finally {
    const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
    try {
      // The browser closes before it can answer: the call's failure is the expected end.
      await overCdp(chrome.port, async (browser) => {
        await (await browser.newBrowserCDPSession()).send("Browser.close").catch(() => undefined);
      });
      await exited;
    } finally {
      chrome.kill();
    }
  }
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

async function audit(port: number, name: string, url: string, signedIn: boolean, lhrDir?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    // Keep localStorage (the session) for the dashboard; public pages start from a clean slate.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhrDir) await writeFile(path.join(lhrDir, `${name}.json`), JSON.stringify(result.lhr, null, 2));
  // A page Lighthouse could not measure keeps its trace too: the trace says why (which frame, which process).
  if (lhrDir && unmeasuredReason(result.lhr)) {
    await writeFile(path.join(lhrDir, `${name}.trace.json`), JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? null));
  }
  const { categories, audits } = result.lhr;
  const figures = {
    performance: score(categories["performance"]?.score),
    accessibility: score(categories["accessibility"]?.score),
    bestPractices: score(categories["best-practices"]?.score),
    seo: score(categories["seo"]?.score),
  };
  const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  const lcpMs = Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN);
  const unmeasured = unmeasuredReason(result.lhr);
  const tbtMs = Math.round(audits["total-blocking-time"]?.numericValue ?? NaN);
  return {
    page: name,
    url,
    ...figures,
    lcpMs,
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
    tbtMs,
    ...(signedIn ? { noindex: failing.includes(NOINDEX_AUDIT) } : {}),
    meetsTargets: meetsTargets(name, signedIn, { ...figures, lcpMs, tbtMs }, failing),
    failing,
    ...(unmeasured ? { unmeasured } : {}),
    shifted: ((audits["layout-shifts"]?.details as { items?: ShiftItem[] } | undefined)?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.node?.selector ?? item.node?.snippet ?? "?"} (${(item.score ?? 0).toFixed(3)})`),
  };
}

/** Whether one page meets its targets (see the header comment). */
function meetsTargets(
  name: string,
  signedIn: boolean,
  figures: { performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; tbtMs: number },
  failing: string[],
): boolean {
  const common = figures.accessibility >= TARGETS.accessibility && figures.bestPractices >= TARGETS.bestPractices;
  if (!signedIn) return common && figures.performance >= TARGETS.performancePublic && figures.seo >= TARGETS.seoPublic;
  const seoHeld = failing.includes(NOINDEX_AUDIT) && failing.filter((id) => id.startsWith("seo:")).length === 1;
  if (name !== "dashboard") return common && seoHeld && figures.performance >= TARGETS.performancePortal;
  return (
    common &&
    seoHeld &&
    figures.performance >= TARGETS.performanceDashboard &&
    figures.tbtMs < TARGETS.dashboardTbtMs &&
    figures.lcpMs < TARGETS.dashboardLcpMs
  );
}

async function main(): Promise<void> {
  const outIndex = process.argv.indexOf("--out");
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const onlyIndex = process.argv.indexOf("--only");
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(",") : undefined;
  const chosen = (pages: AuditedPage[]): AuditedPage[] => pages.filter((page) => !only || only.includes(page.name));
  const lhrIndex = process.argv.indexOf("--lhr");
  const lhrDir = lhrIndex > 0 ? process.argv[lhrIndex + 1] : undefined;
  if (lhrDir) await mkdir(lhrDir, { recursive: true });
  const running = await stack();
  // The sign-in's profile: the session (localStorage) and the service worker it registered stay there.
  const profile = await mkdtemp(path.join(os.tmpdir(), "kp-audit-"));
  const publicProfile = await mkdtemp(path.join(os.tmpdir(), "kp-audit-public-"));
  const results: Figures[] = [];
  try {
    const publicPages = chosen(PUBLIC_PAGES);
    if (publicPages.length > 0) {
      await withBrowser(publicProfile, async (port) => {
        for (const page of publicPages) results.push(await audit(port, page.name, `${running.site}${page.path}`, false, lhrDir));
      });
    }
    const portal = chosen(PORTAL_PAGES);
    if (portal.length > 0) await withBrowser(profile, (port) => signIn(port, running.site));
    // Each screen in a browser started for it, as a signed-in customer opens the portal: with the
    // pages before it in the same browser, a screen was put in the renderer process that the one
    // before (or the sign-in) left running with its service worker, and Lighthouse's trace then
    // caught up on what that process had run (a long "Unattributable" task).
    for (const page of portal) {
      results.push(await withBrowser(profile, (port) => audit(port, page.name, `${running.site}${page.path}`, true, lhrDir)));
    }
  } finally {
    await running.stop();
    await Promise.all([profile, publicProfile].map((dir) => rm(dir, { recursive: true, force: true })));
  }
  const report = { targets: TARGETS, pages: results };
  const json = JSON.stringify(report, null, 2);
  console.log(json);
  if (out) await writeFile(out, `${json}\n`);
  if (results.some((result) => !result.meetsTargets)) process.exitCode = 1;
}

await main();
