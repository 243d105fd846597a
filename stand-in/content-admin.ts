/**
 * The content admin of the stand-in CMS: the actions of content-actions.ts over HTTP under
 * `/admin/content/` (loopback only, with the admin secret), used by the CLI
 * (`npm run content -- …`, content-admin-cli.ts) so the running backend sees every action.
 *
 * After each action the change listener (`setContentChangeListener`) receives one event per
 * locale, e.g. to sign and send the CMS webhook that triggers a rebuild.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { LOCALES, LocaleSchema } from "../src/core/api/schemas/common.ts";
import { RichTextDocumentSchema } from "../src/core/api/schemas/rich-text.ts";
import { kindOfCollection } from "../src/core/content/content-types.ts";
import type { StackConfig } from "../dev/lib/stack-config.ts";
import {
  BODY_TEXT,
  EXCERPT,
  TITLE,
  createArticle,
  createPage,
  deleteEntry,
  moveEntry,
  editEntry,
  parseBody,
  publishEntry,
  textToDocument,
  unpublishEntry,
  type ContentChangeEvent,
  type ContentType,
} from "./content-actions.ts";
import { decodeComponent, HttpError, readJsonBody, sendJson } from "./http.ts";
import { clock } from "./idp/clock.ts";
import { applyDueActions, scheduleAction } from "./content-schedule.ts";
import { listPublishReceipts } from "./publish-receipts.ts";

export type { ContentAction, ContentChangeEvent, ContentType } from "./content-actions.ts";
type ContentChangeListener = (event: ContentChangeEvent) => void | Promise<void>;

let listener: ContentChangeListener | undefined;

/** Sets (or with undefined, clears) the one function told about every content change. */
export function setContentChangeListener(fn: ContentChangeListener | undefined): void {
  listener = fn;
}

/**
 * Tells the listener about each event and hands the events back. A listener's failure must not
 * undo or fail the content action that already happened: it is logged.
 */
function notify(events: ContentChangeEvent[]): ContentChangeEvent[] {
  for (const event of events) {
    try {
      void Promise.resolve(listener?.(event)).catch((error: unknown) => console.error("[content-admin] listener failed", error));
    } catch (error) {
      console.error("[content-admin] listener failed", error);
    }
  }
  return events;
}

/** The admin secret in test mode, known to the tests. */
export const TEST_ADMIN_SECRET = "test-content-admin-secret";

/**
 * The admin secret: KP_ADMIN_SECRET, else the fixed test secret in test mode, else a random one
 * generated once into the data folder (`admin-secret`, readable by its owner only).
 */
export function adminSecret(config: Pick<StackConfig, "mode" | "dataDir">): string {
  const fromEnv = process.env["KP_ADMIN_SECRET"];
  if (fromEnv) return fromEnv;
  if (config.mode === "test") return TEST_ADMIN_SECRET;
  const file = path.join(config.dataDir, "admin-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(24).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();
const isLoopback = (address: string | undefined): boolean =>
  address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

export const ADMIN_PREFIX = "/admin/content/";

/** The supplier's side of the stand-in (the CMS, the service desk): a request from this machine with the admin secret. */
export function assertAdmin(req: http.IncomingMessage, config: Pick<StackConfig, "mode" | "dataDir">): void {
  if (!isLoopback(req.socket.remoteAddress)) throw new HttpError(403, { statusCode: 403 });
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(adminSecret(config)))) throw new HttpError(401, { statusCode: 401 });
}

const LocaleBody = v.object({ locale: v.optional(LocaleSchema) });
const EditBody = v.object({
  locale: LocaleSchema,
  title: v.optional(TITLE),
  excerpt: v.optional(EXCERPT),
  intro: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000, "too_long")))),
  body: v.optional(v.nullable(RichTextDocumentSchema)),
  bodyText: v.optional(BODY_TEXT),
}, "required");

/**
 * `/admin/content/…` (POST, loopback only, `authorization: Bearer <admin secret>`):
 *   articles                           create (CreateArticleSchema)
 *   pages                              create (CreatePageSchema)
 *   {collection}/{slug}/edit       { locale, title?, excerpt? | intro?, body? | bodyText? }
 *   {collection}/{slug}/publish    { locale? } (every locale when omitted)
 *   {collection}/{slug}/unpublish  { locale? }
 *   {collection}/{slug}/delete     {} (every locale, live and draft)
 *   {collection}/{slug}/move       { slug } (the new slug; the old address then redirects)
 *   {collection}/{slug}/schedule   { action: publish|unpublish, at (whole minute, future), locale? }
 * (`collection` of a content type: articles, pages; src/core/content/content-types.ts)
 * Answers `{ events }`: the changes made, as the listener received them.
 * `GET /admin/content/receipts`: the publish receipts the publishing server sent back (publish-receipts.ts).
 */
export async function handleContentAdmin(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  db: DatabaseSync,
  config: Pick<StackConfig, "mode" | "dataDir">,
  now: () => Date = () => new Date(clock.now()),
): Promise<void> {
  try {
    assertAdmin(req, config);
    const route = url.pathname.slice(ADMIN_PREFIX.length);
    if (route === "receipts" && req.method === "GET") return sendJson(res, 200, { receipts: listPublishReceipts(db) });
    if (req.method !== "POST") throw new HttpError(405, { statusCode: 405 });
    const body = await readJsonBody(req);
    if (route === "articles") return sendJson(res, 201, { events: notify(createArticle(db, body, now())) });
    if (route === "pages") return sendJson(res, 201, { events: notify(createPage(db, body, now())) });
    const match = /^([a-z-]+)\/([^/]+)\/(edit|publish|unpublish|delete|move|schedule)$/.exec(route);
    const type: ContentType | undefined = kindOfCollection(match?.[1]);
    if (!type || !match?.[2] || !match[3]) throw new HttpError(404, { statusCode: 404 });
    const slug = decodeComponent("slug", match[2]);
    // Whatever was scheduled before now happens first, as the CMS's scheduler would have done it.
    applyDueActions(db, now());
    let events: ContentChangeEvent[];
    if (match[3] === "edit") {
      const edit = parseBody(EditBody, body);
      events = editEntry(
        db,
        {
          type,
          slug,
          locale: edit.locale,
          ...(edit.title === undefined ? {} : { title: edit.title }),
          ...(edit.excerpt === undefined ? {} : { excerpt: edit.excerpt }),
          ...(edit.intro === undefined ? {} : { intro: edit.intro }),
          ...(edit.body !== undefined ? { body: edit.body } : edit.bodyText !== undefined ? { body: textToDocument(edit.bodyText) } : {}),
        },
        now(),
      );
    } else if (match[3] === "delete") {
      events = deleteEntry(db, type, slug, now());
    } else if (match[3] === "schedule") {
      const scheduled = scheduleAction(db, type, slug, body, now());
      const { id, action, at } = scheduled;
      // One event per locale it applies to, as every action reports; the id is the same in each.
      events = (scheduled.locale ? [scheduled.locale] : LOCALES).map((locale) => ({ action: "schedule", type, slug, locale, scheduled: { id, action, at } }));
    } else if (match[3] === "move") {
      events = moveEntry(db, type, slug, body, now());
    } else {
      const { locale } = parseBody(LocaleBody, body);
      events = (match[3] === "publish" ? publishEntry : unpublishEntry)(db, type, slug, locale, now());
    }
    sendJson(res, 200, { events: notify(events) });
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else {
      console.error("[content-admin] failed", error);
      sendJson(res, 500, { statusCode: 500 });
    }
  }
}
