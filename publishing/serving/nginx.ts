/**
 * nginx, for operators who serve a release with it (the server block is in docs/publishing.md): the
 * release check that nginx accepts the build's header include, and a private configuration that
 * runs nginx as the current user with its own prefix, pid, logs and temporary folders, touching
 * nothing of the system's.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findCommand } from "./find-command.ts";

/** The include the build writes into every release (publishing/serving/headers.ts renders it). */
export const NGINX_INCLUDE_FILE = "nginx-headers.conf";

/** `nginx -t` reads a handful of files; anything slower is a broken machine, not a verdict. */
const CHECK_TIMEOUT_MS = 15_000;

export function findNginx(): string | null {
  return findCommand("nginx");
}

/** A path or value as an nginx string. */
export const nginxString = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/**
 * A complete nginx.conf whose every file lies under `prefix`: one foreground process as the current
 * user (no master switching users, no daemon), errors to stderr. `http` goes inside `http {}`.
 */
export function privateNginxConfig(prefix: string, http: string): string {
  const temp = (kind: string): string =>
    `  ${kind}_temp_path ${nginxString(path.join(prefix, `${kind}_temp`))};`;
  return [
    "daemon off;",
    "master_process off;",
    `pid ${nginxString(path.join(prefix, "nginx.pid"))};`,
    "error_log stderr warn;",
    "events { worker_connections 256; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp),
    http,
    "}",
    "",
  ].join("\n");
}

/** The arguments that point nginx at a private prefix and its configuration. */
export const privateNginxArgs = (prefix: string, conf: string): string[] => [
  "-p",
  `${prefix}/`,
  "-c",
  conf,
  "-e",
  "stderr",
];

/**
 * The release check for nginx hosting: `nginx -t` on a server block that includes the build's
 * header file. Null when nginx accepts it, when the build has no include, or when nginx is not
 * installed (a CDN deployment needs none); else the problem in nginx's own words.
 */
export async function nginxIncludeProblem(buildDir: string, nginx = findNginx()): Promise<string | null> {
  const include = path.join(buildDir, NGINX_INCLUDE_FILE);
  if (!nginx || !existsSync(include)) return null;
  const prefix = await mkdtemp(path.join(os.tmpdir(), "kp-nginx-check-"));
  try {
    const conf = path.join(prefix, "nginx.conf");
    const server = `server {\n  listen 127.0.0.1:8080;\n  root ${nginxString(buildDir)};\n  include ${nginxString(include)};\n}`;
    await writeFile(conf, privateNginxConfig(prefix, server));
    const refusal = await new Promise<string | null>((resolve) => {
      execFile(
        nginx,
        ["-t", "-q", ...privateNginxArgs(prefix, conf)],
        { timeout: CHECK_TIMEOUT_MS },
        (error, _stdout, stderr) => {
          if (!error) return resolve(null);
          // "2026/11/25 01:45:37 [emerg] 5368#5368: invalid number of arguments … in /…/nginx-headers.conf:5"
          const match = /\[(emerg|alert|crit)\] (?:\d+#\d+: )?(.*)/.exec(stderr);
          const reason = match ? `[${match[1]}] ${match[2]}` : stderr.trim() || error.message;
          resolve(reason.replaceAll(include, NGINX_INCLUDE_FILE));
        },
      );
    });
    return refusal && `nginx refuses ${NGINX_INCLUDE_FILE}: ${refusal}`;
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}
