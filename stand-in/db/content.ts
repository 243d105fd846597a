/**
 * The content area of the stand-in's database: site configuration, pages, news categories and
 * articles per locale, plus contact-form submissions.
 *
 * Pages and articles keep up to two rows per slug and locale: `published` (what the live site sees)
 * and `draft` (an unpublished entry or a pending edit). Preview reads the draft where there is one.
 * Image URLs are stored backend-relative (`/images/...`); the routes make them absolute.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { Locale } from "../../src/core/api/schemas/common.ts";
import type { ContentKind } from "../../src/core/content/content-types.ts";
import type {
  ArticleSummary,
  CategorySummary,
  EntryPlace,
  InitResponse,
  Page,
  RedirectHistory,
} from "../../src/core/api/schemas/content.ts";
import type { Image } from "../../src/core/api/schemas/common.ts";
import type { RichTextDocument } from "../../src/core/api/schemas/rich-text.ts";
import { ARTICLES, type SeedArticle } from "../seed/content/articles.ts";
import { CATEGORIES, NEWS_PARENT_SLUG } from "../seed/content/categories.ts";
import { DRAFT_ARTICLES, DRAFT_EDITS } from "../seed/content/drafts.ts";
import { generatedArticles } from "../seed/content/generated.ts";
import { entryId } from "../seed/content/ids.ts";
import { IMAGES, imageRef } from "../seed/content/images.ts";
import { PAGES, type SeedPage } from "../seed/content/pages.ts";
import { siteSeed, type Lang } from "../seed/content/site.ts";

type EntryState = "published" | "draft";

/**
 * Each content type's table (src/core/content/content-types.ts): its columns as the CMS's actions
 * copy a row (content-actions.ts), the text under the title an edit may change, whether an entry
 * must have a body, and the column of what its address lies under (category, parent page). The type checker asks for a new type's.
 */
export const CONTENT_TABLES: Record<ContentKind, { table: string; columns: string; summary: "excerpt" | "intro"; bodyRequired: boolean; parent: string }> = {
  article: {
    parent: "category_slug",
    table: "content_articles",
    columns: "slug, locale, state, id, category_slug, title, excerpt, image, body, published_at, updated_at",
    summary: "excerpt",
    bodyRequired: true,
  },
  page: {
    parent: "parent_slug",
    table: "content_pages",
    columns: "slug, locale, state, id, parent_slug, title, seo_title, seo_description, intro, hero_image, body, updated_at",
    summary: "intro",
    bodyRequired: false,
  },
};

/** Which rows a read sees: live reads see published rows; preview sees a draft in place of its published row. */
export type View = { locale: Locale; preview: boolean };

const LANG_OF: Record<Locale, Lang> = { "nl-NL": "nl", "en-US": "en" };
const SEED_LOCALES: Locale[] = ["nl-NL", "en-US"];

export function migrate(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS content_site (
      locale TEXT PRIMARY KEY,
      data TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS content_categories (
      slug TEXT NOT NULL,
      locale TEXT NOT NULL,
      id TEXT NOT NULL,
      parent_slug TEXT NOT NULL,
      position INTEGER NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      PRIMARY KEY (slug, locale)
    );
    CREATE TABLE IF NOT EXISTS content_pages (
      slug TEXT NOT NULL,
      locale TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('published', 'draft')),
      id TEXT NOT NULL,
      parent_slug TEXT,
      title TEXT NOT NULL,
      seo_title TEXT,
      seo_description TEXT,
      intro TEXT,
      hero_image TEXT,
      body TEXT,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (slug, locale, state)
    );
    CREATE TABLE IF NOT EXISTS content_articles (
      slug TEXT NOT NULL,
      locale TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('published', 'draft')),
      id TEXT NOT NULL,
      category_slug TEXT NOT NULL,
      title TEXT NOT NULL,
      excerpt TEXT NOT NULL,
      image TEXT,
      body TEXT NOT NULL,
      published_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (slug, locale, state)
    );
    -- Category pages and related articles list one category newest first; the latest list spans all.
    -- The category index holds every column of a summary and the state: a list of thousands of
    -- articles, and each category's count, are read from it alone, never from rows that carry a body.
    DROP INDEX IF EXISTS content_articles_by_category;
    CREATE INDEX IF NOT EXISTS content_articles_listed
      ON content_articles (locale, category_slug, published_at DESC, slug, state, id, title, excerpt, image);
    CREATE INDEX IF NOT EXISTS content_articles_by_date ON content_articles (locale, published_at DESC, slug);
    -- The slug history (GET /redirects): each move of an entry, and each entry deleted for good.
    CREATE TABLE IF NOT EXISTS content_moves (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL,
      type TEXT NOT NULL,
      from_slug TEXT NOT NULL,
      from_parent TEXT,
      to_slug TEXT NOT NULL,
      to_parent TEXT,
      at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS content_gone (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL,
      type TEXT NOT NULL,
      slug TEXT NOT NULL,
      parent TEXT,
      at TEXT NOT NULL
    );
    -- Scheduled publishes and unpublishes (as Contentful's scheduled actions); done once applied.
    CREATE TABLE IF NOT EXISTS content_schedule (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      type TEXT NOT NULL,
      slug TEXT NOT NULL,
      locale TEXT,
      action TEXT NOT NULL CHECK (action IN ('publish', 'unpublish')),
      at TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS content_schedule_due ON content_schedule (done, at);
    CREATE TABLE IF NOT EXISTS contact_submissions (
      id TEXT PRIMARY KEY,
      contact_type TEXT NOT NULL,
      account_number TEXT,
      user_id TEXT,
      data TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
  `);
}

/** Fills a fresh database: the seeded site, pages, categories and articles in both locales, all published. */
export function seed(db: DatabaseSync): void {
  for (const locale of SEED_LOCALES) {
    const lang = LANG_OF[locale];
    db.prepare("INSERT INTO content_site (locale, data) VALUES (?, ?)").run(locale, JSON.stringify(siteSeed(lang)));
    CATEGORIES.forEach((category, position) => {
      db.prepare(
        `INSERT INTO content_categories (slug, locale, id, parent_slug, position, title, description)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(category.slug, locale, entryId("category", category.slug), NEWS_PARENT_SLUG, position, category[lang].title, category[lang].description);
    });
    for (const page of PAGES) writePage(db, page, locale, "published");
  }
  const extra = Number(process.env["KP_EXTRA_ARTICLES"] ?? 0);
  insertArticles(db, [...ARTICLES, ...generatedArticles(Number.isInteger(extra) && extra > 0 ? extra : 0)]);
  insertArticles(db, DRAFT_ARTICLES, "draft");
  for (const edit of DRAFT_EDITS) {
    for (const locale of SEED_LOCALES) {
      db.prepare(
        `INSERT INTO content_articles (slug, locale, state, id, category_slug, title, excerpt, image, body, published_at, updated_at)
         SELECT slug, locale, 'draft', id, category_slug, ?, excerpt, image, body, published_at, updated_at
         FROM content_articles WHERE slug = ? AND locale = ? AND state = 'published'`,
      ).run(edit.title[LANG_OF[locale]], edit.slug, locale);
    }
  }
}

/** Inserts seed articles in both locales (published unless said otherwise), in one transaction when none is open. */
export function insertArticles(db: DatabaseSync, articles: SeedArticle[], state: EntryState = "published"): void {
  const insert = db.prepare(
    `INSERT INTO content_articles
       (slug, locale, state, id, category_slug, title, excerpt, image, body, published_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const own = !db.isTransaction;
  if (own) db.exec("BEGIN");
  for (const article of articles) {
    for (const locale of SEED_LOCALES) {
      const lang = LANG_OF[locale];
      const fields = article.fields(lang);
      insert.run(
        article.slug,
        locale,
        state,
        entryId("article", article.slug),
        article.category,
        fields.title,
        fields.excerpt,
        JSON.stringify(imageRef(IMAGES[article.image], lang)),
        JSON.stringify(fields.body),
        article.publishedAt,
        article.publishedAt,
      );
    }
  }
  if (own) db.exec("COMMIT");
}

function writePage(db: DatabaseSync, page: SeedPage, locale: Locale, state: EntryState): void {
  const lang = LANG_OF[locale];
  const fields = page.fields(lang);
  db.prepare(
    `INSERT INTO content_pages
       (slug, locale, state, id, parent_slug, title, seo_title, seo_description, intro, hero_image, body, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    page.slug,
    locale,
    state,
    entryId("page", page.slug),
    page.parentSlug,
    fields.title,
    fields.seoTitle,
    fields.seoDescription,
    fields.intro,
    page.heroImage ? JSON.stringify(imageRef(IMAGES[page.heroImage], lang)) : null,
    fields.body ? JSON.stringify(fields.body) : null,
    page.updatedAt,
  );
}

/**
 * SQL condition selecting the rows `view` sees in a pages or articles table aliased `e`:
 * published rows, or in preview each slug's draft where one exists and its published row otherwise.
 */
const visible = (table: "content_pages" | "content_articles", preview: boolean): string =>
  preview
    ? `(e.state = 'draft' OR NOT EXISTS (SELECT 1 FROM ${table} d
         WHERE d.slug = e.slug AND d.locale = e.locale AND d.state = 'draft'))`
    : `e.state = 'published'`;

type Row = Record<string, unknown>;
const str = (row: Row, key: string): string => String(row[key]);
const strOrNull = (row: Row, key: string): string | null => (row[key] == null ? null : String(row[key]));
const json = <T>(row: Row, key: string): T => JSON.parse(String(row[key])) as T;
const jsonOrNull = <T>(row: Row, key: string): T | null => (row[key] == null ? null : json<T>(row, key));

const all = (db: DatabaseSync, sql: string, ...params: SQLInputValue[]): Row[] => db.prepare(sql).all(...params) as Row[];
const one = (db: DatabaseSync, sql: string, ...params: SQLInputValue[]): Row | undefined =>
  db.prepare(sql).get(...params) as Row | undefined;

/** The `/init` body of a locale (image URLs still backend-relative). */
export function readSite(db: DatabaseSync, locale: Locale): InitResponse {
  const row = one(db, "SELECT data FROM content_site WHERE locale = ?", locale);
  if (!row) throw new Error(`No site configuration seeded for ${locale}`);
  return json<InitResponse>(row, "data");
}

export function readPage(db: DatabaseSync, slug: string, view: View): Page | undefined {
  const row = one(
    db,
    `SELECT * FROM content_pages e WHERE e.slug = ? AND e.locale = ? AND ${visible("content_pages", view.preview)}
     ORDER BY e.state = 'draft' DESC LIMIT 1`,
    slug,
    view.locale,
  );
  if (!row) return undefined;
  return {
    id: str(row, "id"),
    slug: str(row, "slug"),
    parentSlug: strOrNull(row, "parent_slug"),
    title: str(row, "title"),
    seoTitle: strOrNull(row, "seo_title"),
    seoDescription: strOrNull(row, "seo_description"),
    intro: strOrNull(row, "intro"),
    heroImage: jsonOrNull<Image>(row, "hero_image"),
    body: jsonOrNull<RichTextDocument>(row, "body"),
    updatedAt: str(row, "updated_at"),
  };
}

/** Every page the view sees (slug and parent), ordered by parent and slug: `GET /pages` (addition). */
export function listPages(db: DatabaseSync, view: View): { id: string; slug: string; parentSlug: string | null }[] {
  return all(
    db,
    `SELECT e.id, e.slug, e.parent_slug FROM content_pages e WHERE e.locale = ? AND ${visible("content_pages", view.preview)}
     ORDER BY coalesce(e.parent_slug, ''), e.slug`,
    view.locale,
  ).map((row) => ({ id: str(row, "id"), slug: str(row, "slug"), parentSlug: strOrNull(row, "parent_slug") }));
}

/** The slug history, oldest first: `GET /redirects` (addition). The same in every locale and view. */
export function readSlugHistory(db: DatabaseSync): RedirectHistory {
  const place = (type: string, slug: unknown, parent: unknown): EntryPlace => ({
    type: type === "page" ? "page" : "article",
    slug: String(slug),
    parentSlug: parent == null ? null : String(parent),
  });
  return {
    moves: all(db, "SELECT * FROM content_moves ORDER BY seq").map((row) => ({
      id: str(row, "id"),
      from: place(str(row, "type"), row["from_slug"], row["from_parent"]),
      to: place(str(row, "type"), row["to_slug"], row["to_parent"]),
      at: str(row, "at"),
    })),
    gone: all(db, "SELECT * FROM content_gone ORDER BY seq").map((row) => ({
      id: str(row, "id"),
      place: place(str(row, "type"), row["slug"], row["parent"]),
      at: str(row, "at"),
    })),
  };
}

const SUMMARY_COLUMNS = `e.id, e.slug, e.category_slug, c.title AS category_title, e.title, e.excerpt, e.published_at, e.image`;
const CATEGORY_JOIN = `JOIN content_categories c ON c.slug = e.category_slug AND c.locale = e.locale`;

const toSummary = (row: Row): ArticleSummary => ({
  id: str(row, "id"),
  slug: str(row, "slug"),
  categorySlug: str(row, "category_slug"),
  categoryTitle: str(row, "category_title"),
  title: str(row, "title"),
  excerpt: str(row, "excerpt"),
  publishedAt: str(row, "published_at"),
  image: jsonOrNull<Image>(row, "image"),
});

/** One article with its body, or undefined when the view does not see it. */
export function readArticle(
  db: DatabaseSync,
  slug: string,
  view: View,
): (ArticleSummary & { body: RichTextDocument; updatedAt: string }) | undefined {
  const row = one(
    db,
    `SELECT ${SUMMARY_COLUMNS}, e.body, e.updated_at FROM content_articles e ${CATEGORY_JOIN}
     WHERE e.slug = ? AND e.locale = ? AND ${visible("content_articles", view.preview)}
     ORDER BY e.state = 'draft' DESC LIMIT 1`,
    slug,
    view.locale,
  );
  if (!row) return undefined;
  return { ...toSummary(row), body: json<RichTextDocument>(row, "body"), updatedAt: str(row, "updated_at") };
}

type ArticleListOptions = { category?: string; exclude?: string; limit?: number };

/** The query behind listArticles; separate so a test can check its plan uses the indexes. */
export function articlesQuery(view: View, options: ArticleListOptions = {}): { sql: string; params: SQLInputValue[] } {
  const where = [`e.locale = ?`, visible("content_articles", view.preview)];
  const params: SQLInputValue[] = [view.locale];
  if (options.category !== undefined) {
    where.push("e.category_slug = ?");
    params.push(options.category);
  }
  if (options.exclude !== undefined) {
    where.push("e.slug <> ?");
    params.push(options.exclude);
  }
  const limit = options.limit === undefined ? "" : ` LIMIT ${Math.trunc(options.limit)}`;
  const sql = `SELECT ${SUMMARY_COLUMNS} FROM content_articles e ${CATEGORY_JOIN}
     WHERE ${where.join(" AND ")} ORDER BY e.published_at DESC, e.slug${limit}`;
  return { sql, params };
}

/** Articles the view sees, newest first; optionally one category, leaving one slug out, at most `limit`. */
export function listArticles(db: DatabaseSync, view: View, options: ArticleListOptions = {}): ArticleSummary[] {
  const { sql, params } = articlesQuery(view, options);
  return all(db, sql, ...params).map(toSummary);
}

/** The query behind listCategories; separate so a test can check its counts read an index alone. */
export function categoriesQuery(view: View, parentSlug: string): { sql: string; params: SQLInputValue[] } {
  const sql = `SELECT c.id, c.slug, c.title, c.description,
       (SELECT count(*) FROM content_articles e
         WHERE e.locale = c.locale AND e.category_slug = c.slug AND ${visible("content_articles", view.preview)}) AS article_count
     FROM content_categories c WHERE c.locale = ? AND c.parent_slug = ? ORDER BY c.position, c.slug`;
  return { sql, params: [view.locale, parentSlug] };
}

/** The news categories under `parentSlug` in menu order, with how many articles the view sees in each. */
export function listCategories(db: DatabaseSync, parentSlug: string, view: View): CategorySummary[] {
  const { sql, params } = categoriesQuery(view, parentSlug);
  return all(db, sql, ...params).map((row) => ({
    id: str(row, "id"),
    slug: str(row, "slug"),
    title: str(row, "title"),
    description: str(row, "description"),
    articleCount: Number(row["article_count"]),
  }));
}

/** Stores one contact-form submission; returns its id. */
export function storeContactSubmission(
  db: DatabaseSync,
  submission: { contactType: string; accountNumber: string | null; userId: string | null; data: unknown; now: Date },
): string {
  const id = randomUUID();
  db.prepare(
    `INSERT INTO contact_submissions (id, contact_type, account_number, user_id, data, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(id, submission.contactType, submission.accountNumber, submission.userId, JSON.stringify(submission.data), submission.now.toISOString());
  return id;
}

/** The stored contact-form submissions, oldest first (for tests and the local demo). */
export function listContactSubmissions(
  db: DatabaseSync,
): { id: string; contactType: string; accountNumber: string | null; userId: string | null; data: unknown; createdAt: string }[] {
  return all(db, "SELECT * FROM contact_submissions ORDER BY created_at, rowid").map((row) => ({
    id: str(row, "id"),
    contactType: str(row, "contact_type"),
    accountNumber: strOrNull(row, "account_number"),
    userId: strOrNull(row, "user_id"),
    data: json<unknown>(row, "data"),
    createdAt: str(row, "created_at"),
  }));
}
