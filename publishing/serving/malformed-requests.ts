/**
 * What every HTTP server of the local stack does with a request it cannot even read: a target the
 * URL parser refuses, or bytes Node's HTTP parser refuses (a broken Content-Length, a header past
 * the size limit, a bad chunk). Both are the client's mistake, so the answer is a 4xx in the
 * server's own error shape; never an uncaught exception (which would stop the server) or Node's
 * bare default.
 */
import http from "node:http";
import type { Duplex } from "node:stream";

/** The request's URL resolved against `base`, or undefined when its target is not a URL. */
export function requestUrl(req: http.IncomingMessage, base: string): URL | undefined {
  try {
    return new URL(req.url ?? "/", base);
  } catch {
    return undefined;
  }
}

/** The status for an error of Node's HTTP parser: 431 for oversized headers, 408 for a timeout, else 400. */
function statusOf(error: NodeJS.ErrnoException): number {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/** Answers requests Node's HTTP parser refuses with `bodyFor(status)` as JSON, then closes the connection. */
export function answerUnparsableRequests(server: http.Server, bodyFor: (status: number) => unknown): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection that broke off has no one left to answer.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(error);
    const body = JSON.stringify(bodyFor(status));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ""}\r\n` +
        "content-type: application/json; charset=utf-8\r\n" +
        "cache-control: no-store\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        "connection: close\r\n\r\n" +
        body,
    );
  });
}
