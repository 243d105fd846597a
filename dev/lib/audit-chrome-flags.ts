import * as chromeLauncher from "chrome-launcher";

/** The feature that keeps a renderer process started ahead of the next navigation. */
export const SPARE_RENDERER = "SpareRendererForSitePerProcess";

/**
 * Chromium's command line for the audit: chrome-launcher's defaults (passed here, with
 * `ignoreDefaultFlags`), headless, with the spare renderer turned off.
 *
 * Why no spare: a page that commits in the spare runs in a process started before Lighthouse
 * began tracing, and that process is traced only from the moment the trace reaches it. That was
 * 2 to 10 ms before the page's first document event, and once in a while after it: Lighthouse
 * then found no `navigationStart` and gave the page no score (NO_NAVSTART). Without the spare,
 * the page's renderer is started after tracing began and is traced from its first task (its V8
 * isolate's set-up shows in the trace).
 *
 * Chromium reads only the last `--disable-features` it is given, so the defaults' list is
 * extended rather than a second one added.
 */
export function auditChromeFlags(defaults: string[] = chromeLauncher.Launcher.defaultFlags()): string[] {
  const withoutSpare = defaults.map((flag) => (flag.startsWith("--disable-features=") ? `${flag},${SPARE_RENDERER}` : flag));
  if (!withoutSpare.some((flag) => flag.startsWith("--disable-features="))) withoutSpare.push(`--disable-features=${SPARE_RENDERER}`);
  return [...withoutSpare, "--headless=new", "--no-sandbox", "--disable-gpu"];
}
