import type http from "node:http";

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

/** Reads a request body up to `limit` bytes; 413 past it. */
export async function readRawBody(req: http.IncomingMessage, limit = 1_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; 400 with field "body" when it is not JSON. */
export async function readJsonBody(req: http.IncomingMessage, limit?: number): Promise<unknown> {
  const raw = await readRawBody(req, limit);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw validationError([{ field: "body", code: "invalid_json" }]);
  }
}
