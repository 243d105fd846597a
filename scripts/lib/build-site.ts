import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { RuntimeSettings } from "../../src/core/settings.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type BuildOptions = {
  outDir: string;
  contentApiUrl: string;
  contentApiKey: string;
  siteUrl: string;
  preview?: boolean;
  /** Written into the build's settings.js, as a deploy pipeline would. */
  settings: RuntimeSettings;
  /** Receives each line of the build's output; the default drops it. */
  log?: ((line: string) => void) | undefined;
};

/** Builds the site with `astro build` in a child process, then writes the environment's settings.js. */
export async function buildSite(options: BuildOptions): Promise<void> {
  const env = {
    ...process.env,
    CONTENT_API_URL: options.contentApiUrl,
    CONTENT_API_KEY: options.contentApiKey,
    CONTENT_PREVIEW: options.preview ? "true" : "false",
    SITE_URL: options.siteUrl,
    ASTRO_OUT_DIR: options.outDir,
    ASTRO_TELEMETRY_DISABLED: "1",
  };
  const astro = path.join(root, "node_modules", "astro", "bin", "astro.mjs");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astro, "build"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) if (line.trim()) options.log?.(line);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`astro build failed (${signal ?? code}):\n${tail}`)),
    );
  });
  await writeSettings(options.outDir, options.settings);
}

/** Replaces the build's settings.js with concrete values for one environment. */
export async function writeSettings(outDir: string, settings: RuntimeSettings): Promise<void> {
  const body = `window.settings = ${JSON.stringify(settings, null, 2)};\n`;
  await writeFile(path.join(outDir, "settings.js"), body);
}
