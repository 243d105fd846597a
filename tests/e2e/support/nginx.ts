import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { findNginx, nginxString, privateNginxArgs, privateNginxConfig } from "../../../publishing/serving/nginx.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** The tests' nginx listens beside the test stack's ports (site +321, rebuild +322, preview +323). */
export const nginxPort = (): number => Number(process.env["KP_TEST_PORT_BASE"] ?? 5000) + 340;

/**
 * The server block of docs/publishing.md ("Serving a release with nginx"), exactly as documented
 * except for where it listens and which release folder it serves.
 */
export async function documentedServerBlock(releaseDir: string, port: number): Promise<string> {
  const doc = await readFile(path.join(root, "docs/publishing.md"), "utf8");
  const section = doc.split(/^## /m).find((part) => part.startsWith("Serving a release with nginx")) ?? "";
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  const documentedRoot = block && /^\s*root (\S+);$/m.exec(block)?.[1];
  if (!block || !documentedRoot || !/^\s*listen 80;$/m.test(block)) {
    throw new Error(
      "docs/publishing.md: no server block with `listen 80;` and `root …;` under 'Serving a release with nginx'",
    );
  }
  return block
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replaceAll(
      new RegExp(`${documentedRoot.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(\\S*);`, "g"),
      (_match, rest: string) => `${nginxString(releaseDir + rest)};`,
    );
}

/** `include …/mime.types;` from beside the nginx.conf this nginx was built for, as nginx.conf has it. */
function mimeTypesInclude(nginx: string): string {
  const version = execFileSync(nginx, ["-V"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const confPath = /--conf-path=(\S+)/.exec(version)?.[1] ?? "/etc/nginx/nginx.conf";
  const mimeTypes = path.join(path.dirname(confPath), "mime.types");
  if (!existsSync(mimeTypes)) throw new Error(`nginx's mime.types is not at ${mimeTypes}`);
  return `include ${nginxString(mimeTypes)};`;
}

export type RunningNginx = { url: string; releaseDir: string; stop: () => Promise<void> };

/**
 * Serves a copy of a built release with a real nginx, configured by the documented server block,
 * as the current user in the foreground with a prefix of its own. A copy: the live release may be
 * swapped by other tests meanwhile.
 */
export async function serveWithNginx(release: string, port = nginxPort()): Promise<RunningNginx> {
  const nginx = findNginx();
  if (!nginx)
    throw new Error(
      "nginx is not installed: run `npm run provision`, which installs it or names the command that will.",
    );
  const prefix = await mkdtemp(path.join(os.tmpdir(), "kp-nginx-"));
  const releaseDir = path.join(prefix, "release");
  await cp(await realpath(release), releaseDir, { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  await writeFile(
    conf,
    privateNginxConfig(
      prefix,
      [mimeTypesInclude(nginx), await documentedServerBlock(releaseDir, port)].join("\n"),
    ),
  );

  const child = spawn(nginx, privateNginxArgs(prefix, conf), { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<never>((_resolve, reject) =>
    child.once("exit", (code) => reject(new Error(`nginx exited (${code}) before serving:\n${errors}`))),
  );
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([untilAnswering(url), exited]);
  return {
    url,
    releaseDir,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await gone;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

/** Until the server answers any request; the hook's own time limit bounds the wait. */
async function untilAnswering(url: string): Promise<void> {
  for (;;) {
    const answered = await new Promise<boolean>((resolve) => {
      http
        .get(url, (res) => {
          res.resume();
          resolve(true);
        })
        .once("error", () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request as a visitor's browser sends it, with no redirect followed and the body as sent. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.once("error", reject);
    request.end();
  });
}
