import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sirv from "sirv";

export type StaticServerOptions = {
  port: number;
  /** Folder to serve; asked on every request so a swapped live release is followed without restart. */
  root: () => string;
};

/** Serves a built site: slash-less URLs map to `.html` files, unknown paths get the 404 page with 404. */
export function startStaticServer(options: StaticServerOptions): Promise<http.Server> {
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  const handlerFor = (dir: string): ReturnType<typeof sirv> => {
    let handler = handlers.get(dir);
    if (!handler) {
      handler = sirv(dir, { extensions: ["html"], dev: false, etag: true, gzip: false, brotli: false });
      handlers.set(dir, handler);
    }
    return handler;
  };
  const server = http.createServer((req, res) => {
    const dir = options.root();
    handlerFor(dir)(req, res, () => notFound(dir, req, res));
  });
  return new Promise((resolve) => server.listen(options.port, "localhost", () => resolve(server)));
}

function notFound(dir: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const english = req.url?.startsWith("/en/") || req.url === "/en";
  const page = [english ? "en/404.html" : "404.html", "404.html"]
    .map((file) => path.join(dir, file))
    .find((file) => existsSync(file));
  res.statusCode = 404;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(page ? readFileSync(page) : "Not found");
}
