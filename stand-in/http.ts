import type http from "node:http";

/**
 * Headers on every answer of the API host (API, identity provider, images), whatever the handler or
 * status: HSTS as on the site, and no content-type guessing. docs/security.md, "Every API answer".
 */
export const HOST_HEADERS: Readonly<Record<string, string>> = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
};

/**
 * Every API answer carries private data or may: no cache (browser, proxy, CDN) keeps it. A handler
 * that serves public data may say otherwise; none does today.
 */
export const API_HEADERS: Readonly<Record<string, string>> = { ...HOST_HEADERS, "cache-control": "no-store" };

/** Sets a header set on a response before its handler runs, so error answers carry it too. */
export function setHeaders(res: http.ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** An error that becomes an HTTP response with a JSON body. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown = { statusCode: status }) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** 400 naming each refused field; codes map to dictionary keys in the site. */
export const validationError = (errors: { field: string; code: string }[]): HttpError =>
  new HttpError(400, { statusCode: 400, errors });

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

/**
 * Decodes one percent-encoded piece of a request (a path segment); an escape that is not valid
 * UTF-8 is the client's mistake, so it is a 400 naming `field`, never a thrown URIError.
 */
export function decodeComponent(field: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw validationError([{ field, code: "invalid" }]);
  }
}

/**
 * Reads a request body up to `limit` bytes; 413 past it (also when Content-Length announces more),
 * 400 when the client breaks off or garbles the body before it is complete.
 */
export async function readRawBody(req: http.IncomingMessage, limit = 1_000_000): Promise<Buffer> {
  if (Number(req.headers["content-length"] ?? 0) > limit) throw new HttpError(413, { statusCode: 413 });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new HttpError(413, { statusCode: 413 });
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw validationError([{ field: "body", code: "invalid" }]);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; 400 with field "body" when it is not JSON (or nests too deep to parse). */
export async function readJsonBody(req: http.IncomingMessage, limit?: number): Promise<unknown> {
  const raw = await readRawBody(req, limit);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw validationError([{ field: "body", code: "invalid_json" }]);
  }
}
