import net from "node:net";

/** What came back for a raw request; `hung` when nothing complete arrived within the time allowed. */
export type RawResponse = { status: number; headers: Record<string, string>; body: string; hung: boolean };

/** One request, written byte for byte: no client normalises the path, the escapes or the headers. */
export type RawRequest = {
  method: string;
  target: string;
  headers?: [string, string][];
  body?: string | Buffer;
  /** Sets Content-Length from the body unless a header of that name is given (default true). */
  contentLength?: boolean;
};

/** Serialises a request; asks the server to close the connection after answering, so its end marks the answer's end. */
export function serialize(request: RawRequest, host: string): Buffer {
  const body = typeof request.body === "string" ? Buffer.from(request.body) : (request.body ?? Buffer.alloc(0));
  const headers: [string, string][] = [["host", host], ["connection", "close"], ...(request.headers ?? [])];
  const named = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  if (request.contentLength !== false && !named("content-length") && (body.length > 0 || request.method !== "GET")) {
    headers.push(["content-length", String(body.length)]);
  }
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([key, value]) => `${key}: ${value}`).join("\r\n")}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/**
 * Sends raw bytes to a loopback port and reads the answer until the server closes the connection.
 * `halfClose` ends the sending side after writing (a body shorter than its Content-Length).
 */
export function sendRaw(port: number, bytes: Buffer, options: { timeoutMs?: number; halfClose?: boolean } = {}): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (hung: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks)), hung });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs ?? 10_000);
    socket.on("connect", () => {
      // The server may answer (and close) before reading everything: a refused write is not a failure.
      socket.write(bytes, () => {
        if (options.halfClose) socket.end();
      });
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks))) finish(false);
    });
    socket.on("error", () => finish(chunks.length === 0));
    socket.on("end", () => finish(false));
    socket.on("close", () => finish(false));
  });
}

/** True once a whole response with a Content-Length has arrived (others end with the connection). */
function complete(data: Buffer): boolean {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, end).toString("latin1"))?.[1];
  return length !== undefined && data.length >= end + 4 + Number(length);
}

function parse(data: Buffer): Omit<RawResponse, "hung"> {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: "" };
  const [statusLine = "", ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) body = unchunk(body);
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: body.toString("utf8") };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
