/**
 * The stand-in CMS's end of the publishing server's signed callback (publishing/server/cms-callback.ts):
 * `POST /cms/publish-receipts` checks the signature with the publishing side's own verifier (the one
 * rule, signature.ts: timestamp signed, 30 s window, no replay) and the body against the receipt's
 * schema, then keeps it (once per id). The content admin lists them (`GET /admin/content/receipts`,
 * `npm run content -- receipts`). The secret is KP_CMS_CALLBACK_SECRET, else the data folder's
 * generated one, which `npm start` hands to the publishing server too.
 */
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import type { StackConfig } from "../dev/lib/stack-config.ts";
import { PublishReceiptSchema, type PublishReceipt } from "../publishing/server/cms-callback.ts";
import { CMS_CALLBACK_SECRET, secretFor } from "../publishing/server/secrets.ts";
import { createVerifier, type Verifier } from "../publishing/server/signature.ts";
import { HttpError, readRawBody, sendJson } from "./http.ts";
import { clock } from "./idp/clock.ts";

export const RECEIPTS_PATH = "/cms/publish-receipts";
/** The newest this many are listed. */
const LIST_LIMIT = 100;

export type StoredReceipt = PublishReceipt & { storedAt: string };

const migrate = (db: DatabaseSync): void =>
  db.exec(`
    CREATE TABLE IF NOT EXISTS cms_publish_receipts (
      id TEXT PRIMARY KEY,
      stored_at TEXT NOT NULL,
      body TEXT NOT NULL                      -- JSON PublishReceipt
    );
  `);

/** The receipts kept, newest first. */
export function listPublishReceipts(db: DatabaseSync): StoredReceipt[] {
  migrate(db);
  const rows = db
    .prepare("SELECT stored_at, body FROM cms_publish_receipts ORDER BY stored_at DESC, rowid DESC LIMIT ?")
    .all(LIST_LIMIT) as {
    stored_at: string;
    body: string;
  }[];
  return rows.map((row) => ({ ...(JSON.parse(row.body) as PublishReceipt), storedAt: row.stored_at }));
}

/** The handler of `POST /cms/publish-receipts` for one backend. */
export function createReceiptReceiver(
  db: DatabaseSync,
  config: Pick<StackConfig, "dataDir">,
): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> {
  migrate(db);
  // One verifier for this backend, so its replay memory covers every delivery.
  let verifier: Promise<Verifier> | undefined;
  const verify = (): Promise<Verifier> =>
    (verifier ??= secretFor(config.dataDir, CMS_CALLBACK_SECRET, process.env["KP_CMS_CALLBACK_SECRET"]).then(
      (secret) => createVerifier({ secret, now: clock.now }),
    ));

  return async (req, res) => {
    try {
      if (req.method !== "POST") throw new HttpError(405, { statusCode: 405 });
      const body = await readRawBody(req, 64 * 1024);
      const verdict = (await verify())({
        method: "POST",
        path: req.url ?? RECEIPTS_PATH,
        headers: req.headers,
        body,
      });
      if (!verdict.ok) {
        console.warn(`[cms] publish receipt refused: ${verdict.reason}`);
        throw new HttpError(401, { statusCode: 401, error: "invalid_signature" });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        throw new HttpError(400, { statusCode: 400, errors: [{ field: "body", code: "invalid_json" }] });
      }
      const receipt = v.safeParse(PublishReceiptSchema, parsed);
      if (!receipt.success) {
        throw new HttpError(400, {
          statusCode: 400,
          errors: receipt.issues.map((issue) => ({ field: v.getDotPath(issue) ?? "body", code: "invalid" })),
        });
      }
      db.prepare("INSERT OR IGNORE INTO cms_publish_receipts (id, stored_at, body) VALUES (?, ?, ?)").run(
        receipt.output.id,
        new Date(clock.now()).toISOString(),
        JSON.stringify(receipt.output),
      );
      sendJson(res, 202, { statusCode: 202 });
    } catch (error) {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      throw error;
    }
  };
}
