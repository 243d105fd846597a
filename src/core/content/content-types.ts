import type * as v from "valibot";
import { ArticleSchema, PageSchema } from "../api/schemas/content.ts";
import type { Locale } from "../api/schemas/common.ts";

/**
 * How the warm renderer moves an entry of a type to the next content after a change:
 * - "entry": the changed entry is fetched again on its own; every page that read it renders again;
 * - "listed": as "entry", and the entry also shows in lists (the news categories, the archive, other
 *   articles' related lists), which are compared old against new.
 * The warm content step (src/content-build/warm-step.ts) handles each; a type it cannot move would
 * make every publish of it take the full build, which tests/unit/content-types.test.ts catches.
 */
type WarmStep = "entry" | "listed";

export type ContentTypeDeclaration = {
  /** The content API's collection (`GET /<collection>/{slug}`) and the stand-in CMS's admin paths. */
  collection: string;
  /** What `GET /<collection>/{slug}` answers (src/core/api/schemas/content.ts). */
  schema: v.GenericSchema;
  /**
   * A type with pages of its own at `/<segment>` (the list) and `/<segment>/<slug>` (an entry):
   * `GET /<collection>` answers `list`, every entry's summary. The segment is kept from the generic
   * page routes, and the list and entries are in the type's sitemap file. Articles and pages have
   * routes of their own making (news categories, sub pages) and declare none.
   */
  pages?: { segment: string; list: v.GenericSchema<unknown, readonly { slug: string }[]> };
  /** The route files that render an entry (the English copies under /en/ are generated). */
  routes: readonly string[];
  /** The sitemap file its pages are listed in (`nieuws-<category>`: one file per news category). */
  sitemap: string;
  warmStep: WarmStep;
};

/**
 * The CMS's content types, declared once: site data loads an entry from here, the warm renderer
 * places a change by its id, the stand-in CMS keeps and publishes entries per type, the CMS webhook
 * names the type. A new type starts here (docs/howto-content-type.md).
 */
export const CONTENT_TYPES = {
  article: {
    collection: "articles",
    schema: ArticleSchema,
    routes: ["src/pages/nieuws/[category]/[slug].astro"],
    sitemap: "nieuws-<category>",
    warmStep: "listed",
  },
  page: {
    collection: "pages",
    schema: PageSchema,
    routes: ["src/pages/[slug].astro", "src/pages/[parent]/[slug].astro"],
    sitemap: "paginas",
    warmStep: "entry",
  },
} as const satisfies Record<string, ContentTypeDeclaration>;

export type ContentKind = keyof typeof CONTENT_TYPES;
/** The kinds with pages of their own (see `pages`), with their declaration. */
export const kindsWithPages = (): { kind: ContentKind; segment: string; sitemap: string }[] =>
  CONTENT_KINDS.flatMap((kind) => {
    const type: ContentTypeDeclaration = CONTENT_TYPES[kind];
    return type.pages ? [{ kind, segment: type.pages.segment, sitemap: type.sitemap }] : [];
  });

/** What an entry of a kind is, as the content API answers it. */
export type ContentOf<K extends ContentKind> = v.InferOutput<(typeof CONTENT_TYPES)[K]["schema"]>;

/** What the list of a kind with pages of its own holds (never for the others). */
export type ListOf<K extends ContentKind> = (typeof CONTENT_TYPES)[K] extends { pages: { list: infer S extends v.GenericSchema } }
  ? v.InferOutput<S>
  : never;

export const CONTENT_KINDS = Object.keys(CONTENT_TYPES) as ContentKind[];

export const isContentKind = (value: string | undefined): value is ContentKind =>
  value !== undefined && Object.hasOwn(CONTENT_TYPES, value);

/** The kind whose collection is `collection` (`articles` -> `article`), if any. */
export const kindOfCollection = (collection: string | undefined): ContentKind | undefined =>
  CONTENT_KINDS.find((kind) => CONTENT_TYPES[kind].collection === collection);

/** The id a CMS change names an entry by (`article:<slug>`); the CMS may also use its own ids. */
export const changeId = (kind: ContentKind, slug: string): string => `${kind}:${slug}`;

/** The kind and slug of a change id made by `changeId`; null for any other id. */
export function parseChangeId(id: string): { kind: ContentKind; slug: string } | null {
  const colon = id.indexOf(":");
  const kind = id.slice(0, colon);
  if (colon < 1 || colon === id.length - 1 || !isContentKind(kind)) return null;
  return { kind, slug: id.slice(colon + 1) };
}

/** The build's content cache key of one entry in one language (`article:nl-NL:<slug>`). */
export const entryKey = (kind: ContentKind, locale: Locale, slug: string): string => `${kind}:${locale}:${slug}`;

/** The build's content cache key of a type's list in one language (`<kind>-list:nl-NL`). */
export const listKey = (kind: ContentKind, locale: Locale): string => `${kind}-list:${locale}`;

/** The kind of a list key made by `listKey`, if any. */
export function kindOfListKey(key: string): ContentKind | null {
  const kind = /^(.+)-list:/.exec(key)?.[1];
  return isContentKind(kind) ? kind : null;
}
