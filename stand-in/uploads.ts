import type http from "node:http";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import {
  ATTACHMENT_CONTENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  type AttachmentContentType,
  type UploadErrorCode,
} from "../src/core/api/schemas/business.ts";
import { validationError } from "./http.ts";

/** One accepted upload: its bytes and the type found in them. */
export type Upload = { fileName: string; contentType: AttachmentContentType; bytes: Buffer };

const refuse = (code: UploadErrorCode) => validationError([{ field: "file", code }]);

/**
 * Reads the one file of a multipart/form-data request (any field name). Refuses with 400
 * field "file": `file_missing` (no file part, an empty file, or not multipart), `file_too_large`
 * (over `maxBytes`; the rest of the body is drained, not stored), `file_type` (content that is not
 * PDF, PNG or JPEG, whatever the name or declared type say).
 */
export async function readUpload(req: http.IncomingMessage, maxBytes = MAX_ATTACHMENT_BYTES): Promise<Upload> {
  const file = await receiveFile(req, maxBytes);
  if (!file || file.bytes.length === 0) throw refuse("file_missing");
  if (file.truncated || file.bytes.length > maxBytes) throw refuse("file_too_large");
  const detected = await fileTypeFromBuffer(file.bytes);
  const type = (ATTACHMENT_CONTENT_TYPES as readonly string[]).find((allowed) => allowed === detected?.mime);
  if (!type) throw refuse("file_type");
  return { fileName: safeFileName(file.fileName), contentType: type as AttachmentContentType, bytes: file.bytes };
}

type Received = { fileName: string; bytes: Buffer; truncated: boolean };

function receiveFile(req: http.IncomingMessage, maxBytes: number): Promise<Received | undefined> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy reports "limit" on reaching fileSize, so one byte more tells an exact fit from too large.
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 20 } });
    } catch {
      // Not multipart/form-data (or no boundary): there is no file to read.
      req.resume();
      resolve(undefined);
      return;
    }
    let received: Received | undefined;
    parser.on("file", (_name, stream, info) => {
      const chunks: Buffer[] = [];
      const entry: Received = { fileName: info.filename || "upload", bytes: Buffer.alloc(0), truncated: false };
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        entry.truncated = true;
      });
      // A body that ends inside the file fails the file's stream too; without a listener that error
      // would be thrown out of the server.
      stream.on("error", () => reject(refuse("file_missing")));
      stream.on("close", () => {
        entry.bytes = Buffer.concat(chunks);
        received ??= entry;
      });
    });
    parser.on("close", () => resolve(received));
    // A malformed multipart body carries no readable file.
    parser.on("error", () => reject(refuse("file_missing")));
    req.pipe(parser);
  });
}

/** Keeps the base name only and drops characters that do not belong in a download header. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "upload";
  const clean = base.replace(/[^\p{L}\p{N} ._()-]/gu, "_").slice(0, 120).trim();
  return clean || "upload";
}
