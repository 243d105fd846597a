/**
 * The content team's actions on the stand-in CMS: edit a page or article as a draft, publish,
 * unpublish, create an article. Used over HTTP under `/admin/content/` (loopback only, with the
 * admin secret) and from the CLI (`npm run content -- …`, scripts/content.ts), which calls the
 * HTTP endpoints so the running backend's change listener sees every action.
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
import { LOCALES, LocaleSchema, type Locale } from "../../src/core/api/schemas/common.ts";
import { RichTextDocumentSchema, type RichTextDocument } from "../../src/core/api/schemas/rich-text.ts";
import type { StackConfig } from "../lib/stack-config.ts";
import { HttpError, readJsonBody, sendJson, validationError } from "./http.ts";
import { ARTICLE_IMAGE_KEYS, IMAGES, imageRef } from "./seed/content/images.ts";
import { entryId } from "./seed/content/ids.ts";

export type ContentType = "article" | "page";
export type ContentAction = "publish" | "unpublish" | "edit" | "create";
export type ContentChangeEvent = { action: ContentAction; type: ContentType; slug: string; locale: Locale };
export type ContentChangeListener = (event: ContentChangeEvent) => void | Promise<void>;

let listener: ContentChangeListener | undefined;

/** Sets (or with undefined, clears) the one function told about every content change. */
export function setContentChangeListener(fn: ContentChangeListener | undefined): void {
  listener = fn;
}

/** A listener's failure must not undo or fail the content action that already happened. */
function notify(events: ContentChangeEvent[]): void {
  for (const event of events) {
    try {
      void Promise.resolve(listener?.(event)).catch((error: unknown) => console.error("[content-admin] listener failed", error));
    } catch (error) {
      console.error("[content-admin] listener failed", error);
    }
  }
}

const TABLE: Record<ContentType, "content_articles" | "content_pages"> = {
  article: "content_articles",
  page: "content_pages",
};
const COLUMNS: Record<ContentType, string> = {
  article: "slug, locale, state, id, category_slug, title, excerpt, image, body, published_at, updated_at",
  page: "slug, locale, state, id, parent_slug, title, seo_title, seo_description, intro, hero_image, body, updated_at",
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TITLE = v.pipe(v.string(), v.trim(), v.nonEmpty("required"), v.maxLength(200, "too_long"));
const EXCERPT = v.pipe(v.string(), v.trim(), v.nonEmpty("required"), v.maxLength(500, "too_long"));
const BODY_TEXT = v.pipe(v.string(), v.maxLength(50_000, "too_long"));

/** Plain text to rich text: blank lines separate paragraphs. */
export function textToDocument(text: string): RichTextDocument {
  return {
    nodeType: "document",
    content: text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== "")
      .map((paragraph) => ({ nodeType: "paragraph", content: [{ nodeType: "text", value: paragraph, marks: [] }] })),
  };
}

type States = { published: boolean; draft: boolean };

function states(db: DatabaseSync, type: ContentType, slug: string, locale: Locale): States {
  const rows = db
    .prepare(`SELECT state FROM ${TABLE[type]} WHERE slug = ? AND locale = ?`)
    .all(slug, locale) as { state: string }[];
  return { published: rows.some((row) => row.state === "published"), draft: rows.some((row) => row.state === "draft") };
}

/** The locales an action applies to: the one asked for, or every locale the entry exists in. */
function locales(db: DatabaseSync, type: ContentType, slug: string, locale: Locale | undefined): Locale[] {
  const found = (locale ? [locale] : [...LOCALES]).filter((each) => {
    const { published, draft } = states(db, type, slug, each);
    return published || draft;
  });
  if (found.length === 0) throw new HttpError(404, { statusCode: 404 });
  return found;
}

function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export type EditInput = {
  type: ContentType;
  slug: string;
  locale: Locale;
  title?: string;
  /** Articles: the summary under the title. */
  excerpt?: string;
  /** Pages: the introduction; null removes it. */
  intro?: string | null;
  /** Pages may have no body (null); articles always have one. */
  body?: RichTextDocument | null;
};

/** Saves changes as a draft (starting from the current draft, else the published version). */
export function editEntry(db: DatabaseSync, input: EditInput, now: Date): ContentChangeEvent[] {
  const table = TABLE[input.type];
  if (input.type === "article" && input.body === null) throw validationError([{ field: "body", code: "required" }]);
  inTransaction(db, () => {
    const { published, draft } = states(db, input.type, input.slug, input.locale);
    if (!published && !draft) throw new HttpError(404, { statusCode: 404 });
    if (!draft) {
      const columns = COLUMNS[input.type];
      db.prepare(
        // The same columns, with the state column (the first "state") selected as the literal 'draft'.
        `INSERT INTO ${table} (${columns}) SELECT ${columns.replace("state", "'draft'")} FROM ${table}
         WHERE slug = ? AND locale = ? AND state = 'published'`,
      ).run(input.slug, input.locale);
    }
    const set: string[] = ["updated_at = ?"];
    const values: (string | null)[] = [now.toISOString()];
    const change = (column: string, value: string | null | undefined) => {
      if (value === undefined) return;
      set.push(`${column} = ?`);
      values.push(value);
    };
    change("title", input.title);
    if (input.type === "article") change("excerpt", input.excerpt);
    else change("intro", input.intro);
    change("body", input.body === undefined ? undefined : input.body && JSON.stringify(input.body));
    db.prepare(`UPDATE ${table} SET ${set.join(", ")} WHERE slug = ? AND locale = ? AND state = 'draft'`).run(
      ...values,
      input.slug,
      input.locale,
    );
  });
  const events: ContentChangeEvent[] = [{ action: "edit", type: input.type, slug: input.slug, locale: input.locale }];
  notify(events);
  return events;
}

/** Makes the draft live (or republishes the live version when there is no draft). */
export function publishEntry(db: DatabaseSync, type: ContentType, slug: string, locale: Locale | undefined, now: Date): ContentChangeEvent[] {
  const table = TABLE[type];
  const events = inTransaction(db, () =>
    locales(db, type, slug, locale).map((each): ContentChangeEvent => {
      if (states(db, type, slug, each).draft) {
        db.prepare(`DELETE FROM ${table} WHERE slug = ? AND locale = ? AND state = 'published'`).run(slug, each);
      }
      db.prepare(`UPDATE ${table} SET state = 'published', updated_at = ? WHERE slug = ? AND locale = ?`).run(now.toISOString(), slug, each);
      return { action: "publish", type, slug, locale: each };
    }),
  );
  notify(events);
  return events;
}

/** Takes the live version down; its content stays as the draft (a pending edit wins over it). */
export function unpublishEntry(db: DatabaseSync, type: ContentType, slug: string, locale: Locale | undefined, now: Date): ContentChangeEvent[] {
  const table = TABLE[type];
  const events = inTransaction(db, () =>
    locales(db, type, slug, locale).flatMap((each): ContentChangeEvent[] => {
      const { published, draft } = states(db, type, slug, each);
      if (!published) return [];
      if (draft) db.prepare(`DELETE FROM ${table} WHERE slug = ? AND locale = ? AND state = 'published'`).run(slug, each);
      else db.prepare(`UPDATE ${table} SET state = 'draft', updated_at = ? WHERE slug = ? AND locale = ?`).run(now.toISOString(), slug, each);
      return [{ action: "unpublish", type, slug, locale: each }];
    }),
  );
  if (events.length === 0) throw new HttpError(409, { statusCode: 409, code: "not_published" });
  notify(events);
  return events;
}

export const CreateArticleSchema = v.object({
  slug: v.pipe(v.string(), v.regex(SLUG, "slug"), v.maxLength(120, "too_long")),
  categorySlug: v.string(),
  title: TITLE,
  excerpt: EXCERPT,
  /** Rich text, or `bodyText` as plain paragraphs; one of them is required. */
  body: v.optional(RichTextDocumentSchema),
  bodyText: v.optional(BODY_TEXT),
  image: v.optional(v.picklist(ARTICLE_IMAGE_KEYS, "invalid")),
  /** Publish at once instead of saving a draft. */
  publish: v.optional(v.boolean(), false),
}, "required");
export type CreateArticleInput = v.InferInput<typeof CreateArticleSchema>;

/**
 * Creates an article in every locale with the same text (edit a locale afterwards to translate).
 * It is a draft unless `publish` is set; its publication date is the moment of creation.
 */
export function createArticle(db: DatabaseSync, raw: unknown, now: Date): ContentChangeEvent[] {
  const input = parse(CreateArticleSchema, raw);
  const body = input.body ?? (input.bodyText === undefined ? undefined : textToDocument(input.bodyText));
  if (!body || body.content.length === 0) throw validationError([{ field: "body", code: "required" }]);
  const state = input.publish ? "published" : "draft";
  const events = inTransaction(db, () => {
    const category = db.prepare("SELECT 1 FROM content_categories WHERE slug = ?").get(input.categorySlug);
    if (!category) throw validationError([{ field: "categorySlug", code: "invalid" }]);
    if (db.prepare("SELECT 1 FROM content_articles WHERE slug = ?").get(input.slug)) {
      throw new HttpError(409, { statusCode: 409, code: "slug_taken" });
    }
    const image = IMAGES[input.image ?? "tapbier"];
    return LOCALES.map((locale): ContentChangeEvent => {
      db.prepare(`INSERT INTO content_articles (${COLUMNS.article}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        input.slug,
        locale,
        state,
        entryId("article", input.slug),
        input.categorySlug,
        input.title,
        input.excerpt,
        JSON.stringify(imageRef(image, locale === "en-US" ? "en" : "nl")),
        JSON.stringify(body),
        now.toISOString(),
        now.toISOString(),
      );
      return { action: "create", type: "article", slug: input.slug, locale };
    });
  });
  notify(events);
  if (input.publish) notify(events.map((event) => ({ ...event, action: "publish" })));
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

const LocaleBody = v.object({ locale: v.optional(LocaleSchema) });
const EditBody = v.object({
  locale: LocaleSchema,
  title: v.optional(TITLE),
  excerpt: v.optional(EXCERPT),
  intro: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000, "too_long")))),
  body: v.optional(v.nullable(RichTextDocumentSchema)),
  bodyText: v.optional(BODY_TEXT),
}, "required");

/** Parses an admin request body; 400 naming each bad field (codes as in the API, else "invalid"). */
function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value ?? {}, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw validationError(
    result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? "body", code: /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid" })),
  );
}

/**
 * `/admin/content/…` (POST, loopback only, `authorization: Bearer <admin secret>`):
 *   articles                           create (CreateArticleSchema)
 *   {articles|pages}/{slug}/edit       { locale, title?, excerpt? | intro?, body? | bodyText? }
 *   {articles|pages}/{slug}/publish    { locale? } (every locale when omitted)
 *   {articles|pages}/{slug}/unpublish  { locale? }
 * Answers `{ events }`: the changes made, as the listener received them.
 */
export async function handleContentAdmin(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  db: DatabaseSync,
  config: Pick<StackConfig, "mode" | "dataDir">,
  now: () => Date = () => new Date(),
): Promise<void> {
  try {
    if (!isLoopback(req.socket.remoteAddress)) throw new HttpError(403, { statusCode: 403 });
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(given), digest(adminSecret(config)))) throw new HttpError(401, { statusCode: 401 });
    if (req.method !== "POST") throw new HttpError(405, { statusCode: 405 });
    const route = url.pathname.slice(ADMIN_PREFIX.length);
    const body = await readJsonBody(req);
    if (route === "articles") return sendJson(res, 201, { events: createArticle(db, body, now()) });
    const match = /^(articles|pages)\/([^/]+)\/(edit|publish|unpublish)$/.exec(route);
    if (!match?.[1] || !match[2] || !match[3]) throw new HttpError(404, { statusCode: 404 });
    const type: ContentType = match[1] === "articles" ? "article" : "page";
    const slug = decodeURIComponent(match[2]);
    let events: ContentChangeEvent[];
    if (match[3] === "edit") {
      const edit = parse(EditBody, body);
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
    } else {
      const { locale } = parse(LocaleBody, body);
      events = (match[3] === "publish" ? publishEntry : unpublishEntry)(db, type, slug, locale, now());
    }
    sendJson(res, 200, { events });
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else {
      console.error("[content-admin] failed", error);
      sendJson(res, 500, { statusCode: 500 });
    }
  }
}
