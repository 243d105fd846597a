/**
 * The production static server: serves the live release of a built site with the headers of
 * publishing/serving/headers.ts. sirv does the file serving (precompressed gzip/brotli variants, ETags, range
 * requests); this file adds the release switching, the header rules and the 404/500 pages.
 */
import http from "node:http";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Duplex } from "node:stream";
import sirv from "sirv";
import { HEADER_CONTEXT_FILE } from "./release-files.ts";
import { headersForPath, type HeaderContext } from "./headers.ts";
import { gonePage, readRedirects } from "./redirects.ts";
import { isServable, servedPath, servedUrl } from "./served-path.ts";

type StaticServerOptions = {
  port: number;
  host?: string;
  /**
   * Folder to serve, usually a release store's `current` symlink. Resolved on every request, so a
   * swapped live release is followed without a restart.
   */
  root: () => string;
  /** Headers for a build that carries no `_headers.json` (e.g. a plain `astro build`). */
  fallbackContext: HeaderContext;
};

type Release = {
  dir: string;
  serve: ReturnType<typeof sirv>;
  context: HeaderContext;
  /** The release's own redirects (old address to new, null when gone): a rollback takes them back. */
  redirects: ReadonlyMap<string, string | null>;
};

/** A few recent releases stay prepared: requests in flight during a swap finish on their release. */
const PREPARED_RELEASES = 3;

/** Serves a built site: slash-less URLs map to `.html` files, unknown paths get the 404 page with 404. */
export function startStaticServer(options: StaticServerOptions): Promise<http.Server> {
  const prepared = new Map<string, Release>();
  /** The last release served, whose 500 page answers when the live pointer itself is unreadable. */
  let lastServed: Release | undefined;
  const releaseAt = (dir: string): Release => {
    let release = prepared.get(dir);
    if (!release) {
      release = {
        dir,
        // Files are looked up when asked for (sirv's `dev` mode) rather than listed up front: listing a
        // release of tens of thousands of files blocks the server for most of a second on the first
        // request after every publish. The cache headers set above win over the ones sirv proposes.
        serve: sirv(dir, { extensions: ["html"], dev: true, etag: true, gzip: true, brotli: true }),
        context: readContext(dir) ?? options.fallbackContext,
        redirects: new Map(readRedirects(dir).map((rule) => [rule.from, rule.to])),
      };
      prepared.set(dir, release);
      for (const old of [...prepared.keys()].slice(0, -PREPARED_RELEASES)) prepared.delete(old);
    }
    return release;
  };

  const server = http.createServer((req, res) => {
    // Every decision below (headers, guards, 404 language) and the file lookup itself use this one path.
    const pathname = servedPath(req.url ?? "/");
    let release: Release | undefined;
    let failure: unknown;
    try {
      release = releaseAt(realpathSync(options.root()));
      lastServed = release;
    } catch (error) {
      failure = error;
    }
    // Every answer carries the complete security header set, whatever its method or status (405,
    // 304, 404, 500, 503): a browser applies the headers of whatever response it gets.
    const context = (release ?? lastServed)?.context ?? options.fallbackContext;
    for (const [name, value] of Object.entries(headersForPath(context, pathname))) res.setHeader(name, value);
    if (!release) return serverError(res, lastServed, failure);
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("allow", "GET, HEAD");
        return sendPage(res, 405, null, "Method not allowed");
      }
      // A byte range of a compressed variant would not match the plain file's length and offsets.
      if (req.headers.range) delete req.headers["accept-encoding"];
      const { dir } = release;
      // An old address (its `.html` spelling too): 301 to where the entry is now, or 410 when it is gone.
      const route = pathname.replace(/\.html$/, "");
      if (release.redirects.has(route)) {
        const to = release.redirects.get(route);
        if (to === null || to === undefined) return sendPage(res, 410, pageFile(dir, `${gonePage(route)}.html`, "410.html"), "Gone");
        res.statusCode = 301;
        res.setHeader("location", to + (/\?[^#]*/.exec(req.url ?? "")?.[0] ?? ""));
        res.setHeader("cache-control", "no-cache");
        return void res.end();
      }
      if (!isServable(pathname)) return sendPage(res, 404, notFoundPage(dir, pathname), "Not found");
      // The lookup opens the judged path, not its own reading of the raw target.
      req.url = servedUrl(pathname, req.url ?? "/");
      release.serve(req, res, () => sendPage(res, 404, notFoundPage(dir, pathname), "Not found"));
    } catch (error) {
      serverError(res, release, error);
    }
  });
  // Requests Node cannot parse (bad syntax, oversized headers, timeouts) are answered by Node
  // itself with none of our headers: these answers carry the page set too.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const headers = headersForPath(lastServed?.context ?? options.fallbackContext, "/");
    const lines = Object.entries({ ...headers, "content-length": "0", connection: "close" }).map(([name, value]) => `${name}: ${value}`);
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ""}\r\n${lines.join("\r\n")}\r\n\r\n`);
  });
  return new Promise((resolve, reject) => {
    // A port that is taken (EADDRINUSE) is the caller's to report, not an uncaught error.
    server.once("error", reject);
    server.listen(options.port, options.host ?? "localhost", () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

function readContext(dir: string): HeaderContext | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, HEADER_CONTEXT_FILE), "utf8")) as HeaderContext;
  } catch {
    return null;
  }
}

/** The English 404 page under /en/, the Dutch one elsewhere. */
function notFoundPage(dir: string, pathname: string): string | null {
  const english = pathname === "/en" || pathname.startsWith("/en/");
  return pageFile(dir, english ? "/en/404.html" : "/404.html", "404.html");
}

/** The first of these files the release has, as a path; null when it has none. */
function pageFile(dir: string, ...files: string[]): string | null {
  return files.map((file) => path.join(dir, file)).find((file) => existsSync(file)) ?? null;
}

function sendPage(res: http.ServerResponse, status: number, file: string | null, fallback: string): void {
  res.statusCode = status;
  res.setHeader("content-type", file ? "text/html; charset=utf-8" : "text/plain; charset=utf-8");
  res.setHeader("cache-control", "no-cache");
  res.end(file ? readFileSync(file) : fallback);
}

/** The static `500.html` of the release when there is one; never the error's details. */
function serverError(res: http.ServerResponse, release: Release | undefined, error: unknown): void {
  if (!release && (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    res.setHeader("retry-after", "10");
    return sendPage(res, 503, null, "No release of this site has been published yet.");
  }
  console.error(JSON.stringify({ time: new Date().toISOString(), event: "static.error", error: String(error) }));
  if (res.headersSent) return void res.destroy();
  const page = release ? path.join(release.dir, "500.html") : null;
  sendPage(res, 500, page && existsSync(page) ? page : null, "Internal server error");
}
