/**
 * The content team's actions on the stand-in CMS's tables: edit a page or article as a draft,
 * publish, unpublish, create an article. Each returns the changes it made, one event per locale;
 * content-admin.ts exposes them over HTTP and tells the change listener.
 */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { LOCALES, type Locale } from "../src/core/api/schemas/common.ts";
import type { ContentKind } from "../src/core/content/content-types.ts";
import { RichTextDocumentSchema, type RichTextDocument } from "../src/core/api/schemas/rich-text.ts";
import { CONTENT_TABLES } from "./db/content.ts";
import { HttpError, validationError } from "./http.ts";
import { ARTICLE_IMAGE_KEYS, IMAGES, imageRef } from "./seed/content/images.ts";
import { entryId } from "./seed/content/ids.ts";

/** A content type of the CMS (src/core/content/content-types.ts). */
export type ContentType = ContentKind;
export type ContentAction = "publish" | "unpublish" | "edit" | "create" | "delete" | "schedule";
export type ContentChangeEvent = {
  action: ContentAction;
  type: ContentType;
  slug: string;
  locale: Locale;
  /** A schedule: which action, when, under which id (the CMS's scheduled action). */
  scheduled?: { id: string; action: "publish" | "unpublish"; at: string };
};

const TABLE = (type: ContentType): string => CONTENT_TABLES[type].table;
const COLUMNS = (type: ContentType): string => CONTENT_TABLES[type].columns;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TITLE = v.pipe(v.string(), v.trim(), v.nonEmpty("required"), v.maxLength(200, "too_long"));
export const EXCERPT = v.pipe(v.string(), v.trim(), v.nonEmpty("required"), v.maxLength(500, "too_long"));
export const BODY_TEXT = v.pipe(v.string(), v.maxLength(50_000, "too_long"));

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
    .prepare(`SELECT state FROM ${TABLE(type)} WHERE slug = ? AND locale = ?`)
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

type EditInput = {
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
  const table = TABLE(input.type);
  if (CONTENT_TABLES[input.type].bodyRequired && input.body === null) throw validationError([{ field: "body", code: "required" }]);
  inTransaction(db, () => {
    const { published, draft } = states(db, input.type, input.slug, input.locale);
    if (!published && !draft) throw new HttpError(404, { statusCode: 404 });
    if (!draft) {
      const columns = COLUMNS(input.type);
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
    const summary = CONTENT_TABLES[input.type].summary;
    change(summary, input[summary]);
    change("body", input.body === undefined ? undefined : input.body && JSON.stringify(input.body));
    db.prepare(`UPDATE ${table} SET ${set.join(", ")} WHERE slug = ? AND locale = ? AND state = 'draft'`).run(
      ...values,
      input.slug,
      input.locale,
    );
  });
  return [{ action: "edit", type: input.type, slug: input.slug, locale: input.locale }];
}

/** Makes the draft live (or republishes the live version when there is no draft). */
export function publishEntry(db: DatabaseSync, type: ContentType, slug: string, locale: Locale | undefined, now: Date): ContentChangeEvent[] {
  const table = TABLE(type);
  const events = inTransaction(db, () =>
    locales(db, type, slug, locale).map((each): ContentChangeEvent => {
      if (states(db, type, slug, each).draft) {
        db.prepare(`DELETE FROM ${table} WHERE slug = ? AND locale = ? AND state = 'published'`).run(slug, each);
      }
      db.prepare(`UPDATE ${table} SET state = 'published', updated_at = ? WHERE slug = ? AND locale = ?`).run(now.toISOString(), slug, each);
      return { action: "publish", type, slug, locale: each };
    }),
  );
  return events;
}

/** Takes the live version down; its content stays as the draft (a pending edit wins over it). */
export function unpublishEntry(db: DatabaseSync, type: ContentType, slug: string, locale: Locale | undefined, now: Date): ContentChangeEvent[] {
  const table = TABLE(type);
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

/**
 * Creates an article in every locale with the same text (edit a locale afterwards to translate).
 * It is a draft unless `publish` is set; its publication date is the moment of creation.
 */
export function createArticle(db: DatabaseSync, raw: unknown, now: Date): ContentChangeEvent[] {
  const input = parseBody(CreateArticleSchema, raw);
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
      db.prepare(`INSERT INTO content_articles (${COLUMNS("article")}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
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
  // A create with `publish` is also a publish, for whoever rebuilds the live site.
  return input.publish ? [...events, ...events.map((event): ContentChangeEvent => ({ ...event, action: "publish" }))] : events;
}

export const CreatePageSchema = v.object({
  slug: v.pipe(v.string(), v.regex(SLUG, "slug"), v.maxLength(120, "too_long")),
  /** A sub page's parent (`/parent/slug`); the parent must exist. */
  parentSlug: v.optional(v.pipe(v.string(), v.regex(SLUG, "slug"))),
  title: TITLE,
  intro: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, "too_long"))),
  /** Rich text or plain paragraphs; a page may have no body. */
  body: v.optional(RichTextDocumentSchema),
  bodyText: v.optional(BODY_TEXT),
  publish: v.optional(v.boolean(), false),
}, "required");

/**
 * Creates a page in every locale with the same text, named by no menu (a campaign page, a page
 * linked from an article); a draft unless `publish` is set.
 */
export function createPage(db: DatabaseSync, raw: unknown, now: Date): ContentChangeEvent[] {
  const input = parseBody(CreatePageSchema, raw);
  const body = input.body ?? (input.bodyText === undefined ? null : textToDocument(input.bodyText));
  const state = input.publish ? "published" : "draft";
  const events = inTransaction(db, () => {
    if (input.parentSlug && !db.prepare("SELECT 1 FROM content_pages WHERE slug = ? AND parent_slug IS NULL").get(input.parentSlug)) {
      throw validationError([{ field: "parentSlug", code: "invalid" }]);
    }
    if (db.prepare("SELECT 1 FROM content_pages WHERE slug = ?").get(input.slug)) {
      throw new HttpError(409, { statusCode: 409, code: "slug_taken" });
    }
    return LOCALES.map((locale): ContentChangeEvent => {
      db.prepare(`INSERT INTO content_pages (${COLUMNS("page")}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        input.slug,
        locale,
        state,
        entryId("page", input.slug),
        input.parentSlug ?? null,
        input.title,
        null,
        null,
        input.intro || null,
        null,
        body && body.content.length > 0 ? JSON.stringify(body) : null,
        now.toISOString(),
      );
      return { action: "create", type: "page", slug: input.slug, locale };
    });
  });
  return input.publish ? [...events, ...events.map((event): ContentChangeEvent => ({ ...event, action: "publish" }))] : events;
}

/**
 * Deletes an entry in every locale (live and draft): the CMS's delete, which the live site follows.
 * An entry that was live is recorded as gone for good, so its address answers 410 (GET /redirects).
 */
export function deleteEntry(db: DatabaseSync, type: ContentType, slug: string, now: Date): ContentChangeEvent[] {
  return inTransaction(db, () => {
    const found = locales(db, type, slug, undefined);
    const row = placeOf(db, type, slug);
    if (found.some((locale) => states(db, type, slug, locale).published)) {
      db.prepare("INSERT INTO content_gone (id, type, slug, parent, at) VALUES (?, ?, ?, ?, ?)").run(row.id, type, slug, row.parent, now.toISOString());
    }
    db.prepare(`DELETE FROM ${TABLE(type)} WHERE slug = ?`).run(slug);
    return found.map((locale): ContentChangeEvent => ({ action: "delete", type, slug, locale }));
  });
}

/** An entry's id and what its address lies under (category or parent page). */
function placeOf(db: DatabaseSync, type: ContentType, slug: string): { id: string; parent: string | null } {
  const row = db.prepare(`SELECT id, ${CONTENT_TABLES[type].parent} AS parent FROM ${TABLE(type)} WHERE slug = ? LIMIT 1`).get(slug) as
    | { id: string; parent: string | null }
    | undefined;
  if (!row) throw new HttpError(404, { statusCode: 404 });
  return row;
}

export const MoveSchema = v.object({
  /** The entry's new slug; its old address then answers 301 with the new one. */
  slug: v.pipe(v.string(), v.regex(SLUG, "slug"), v.maxLength(120, "too_long")),
}, "required");

/**
 * Changes an entry's slug in every locale, live and draft at once (the address is not a text a
 * translator edits), and records the move in the slug history; a page's sub pages move along.
 * Reported per locale as the old slug unpublished and the new one published where the entry is
 * live, else as edits of both (a draft: the preview only).
 */
export function moveEntry(db: DatabaseSync, type: ContentType, slug: string, raw: unknown, now: Date): ContentChangeEvent[] {
  const input = parseBody(MoveSchema, raw);
  return inTransaction(db, () => {
    locales(db, type, slug, undefined);
    if (input.slug === slug) throw validationError([{ field: "slug", code: "unchanged" }]);
    if (db.prepare(`SELECT 1 FROM ${TABLE(type)} WHERE slug = ?`).get(input.slug)) {
      throw new HttpError(409, { statusCode: 409, code: "slug_taken" });
    }
    const moved: { type: ContentType; from: string; to: string; live: Locale[]; all: Locale[] }[] = [];
    const move = (kind: ContentType, from: string, to: string, parentFrom: string | null, parentTo: string | null, where: string, ...params: string[]): void => {
      const all = LOCALES.filter((locale) => {
        const state = states(db, kind, from, locale);
        return state.published || state.draft;
      });
      const live = all.filter((locale) => states(db, kind, from, locale).published);
      const { id } = placeOf(db, kind, from);
      db.prepare(`UPDATE ${TABLE(kind)} SET ${where} WHERE slug = ?`).run(...params, from);
      db.prepare("INSERT INTO content_moves (id, type, from_slug, from_parent, to_slug, to_parent, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        id, kind, from, parentFrom, to, parentTo, now.toISOString(),
      );
      moved.push({ type: kind, from, to, live, all });
    };
    const { parent } = placeOf(db, type, slug);
    move(type, slug, input.slug, parent, parent, "slug = ?", input.slug);
    if (type === "page") {
      const subPages = db.prepare("SELECT DISTINCT slug FROM content_pages WHERE parent_slug = ?").all(slug) as { slug: string }[];
      for (const sub of subPages) move("page", sub.slug, sub.slug, slug, input.slug, "parent_slug = ?", input.slug);
    }
    return moved.flatMap((entry) =>
      entry.all.flatMap((locale): ContentChangeEvent[] =>
        entry.live.includes(locale)
          ? [{ action: "unpublish", type: entry.type, slug: entry.from, locale }, { action: "publish", type: entry.type, slug: entry.to, locale }]
          : [{ action: "edit", type: entry.type, slug: entry.from, locale }, { action: "edit", type: entry.type, slug: entry.to, locale }],
      ),
    );
  });
}

/** Parses an admin request body; 400 naming each bad field (codes as in the API, else "invalid"). */
export function parseBody<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value ?? {}, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw validationError(
    result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? "body", code: /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid" })),
  );
}
