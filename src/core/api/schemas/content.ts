import * as v from "valibot";
import { ImageSchema, IsoDateTimeSchema, LocaleSchema, PermissionSchema } from "./common.ts";
import { RichTextDocumentSchema } from "./rich-text.ts";

/** Who a menu item is for; an empty list means everyone. */
export const VisibleToSchema = v.array(v.picklist(["AnonymousUser", "AuthenticatedUser"]));

export const IconSchema = v.object({ url: v.string(), title: v.string() });

/** What a navigation item points at; decides how its URL is built when it has no `path`. */
export const ContentTypeSchema = v.picklist(["page", "subPage", "category", "article", "link"]);

export type NavigationItem = {
  id: string;
  title: string;
  slug: string | null;
  /** Slug of the parent page (subPage) or of the category (article). */
  parentSlug: string | null;
  path: string | null;
  externalUrl: string | null;
  menuHeading: boolean;
  icon: v.InferOutput<typeof IconSchema> | null;
  contentType: v.InferOutput<typeof ContentTypeSchema>;
  visibleTo: v.InferOutput<typeof VisibleToSchema>;
  userPermissions: v.InferOutput<typeof PermissionSchema>[];
  /** Columns of sub items: a list of lists. */
  subMenu: NavigationItem[][];
};

export const NavigationItemSchema: v.GenericSchema<NavigationItem> = v.object({
  id: v.string(),
  title: v.string(),
  slug: v.nullable(v.string()),
  parentSlug: v.nullable(v.string()),
  path: v.nullable(v.string()),
  externalUrl: v.nullable(v.string()),
  menuHeading: v.boolean(),
  icon: v.nullable(IconSchema),
  contentType: ContentTypeSchema,
  visibleTo: VisibleToSchema,
  userPermissions: v.array(PermissionSchema),
  subMenu: v.array(v.array(v.lazy(() => NavigationItemSchema))),
});

export const MenuSchema = v.array(NavigationItemSchema);

/** Slugs of pages the site needs by role, beyond those reachable from the menus. */
export const WellKnownSlugsSchema = v.object({
  contact: v.string(),
  becomeCustomer: v.string(),
  privacy: v.string(),
  terms: v.string(),
  thtFaq: v.string(),
  perfectFit: v.string(),
});

export const SiteConfigurationSchema = v.object({
  title: v.string(),
  seoDescription: v.string(),
  seoKeywords: v.string(),
  homepageSlug: v.string(),
  categoryParentSlug: v.string(),
  wellKnownSlugs: WellKnownSlugsSchema,
  /** External product-range site ('Check our range'). */
  productRangeUrl: v.string(),
});

export const UspItemSchema = v.object({ id: v.string(), title: v.string(), icon: IconSchema });

/** A time of day as the CMS writes it, `HH:MM` (24 hours). */
const TimeOfDaySchema = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/));

/** One line of opening hours: the days in the content's language, and the times, or null when closed. */
export const OpeningHoursSchema = v.object({
  days: v.string(),
  opens: v.nullable(TimeOfDaySchema),
  closes: v.nullable(TimeOfDaySchema),
});
export type OpeningHours = v.InferOutput<typeof OpeningHoursSchema>;

/** How customers reach the supplier (the contact page), kept in the CMS beside the menus. */
export const ContactDetailsSchema = v.object({
  /** The desk's name, e.g. 'Klantenservice'. */
  title: v.string(),
  organisation: v.string(),
  street: v.string(),
  postalCode: v.string(),
  city: v.string(),
  /** As printed, e.g. `020 123 45 67`. */
  phone: v.string(),
  /** For the tel: link, international format, e.g. `+31201234567`. */
  phoneE164: v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/)),
  email: v.pipe(v.string(), v.email()),
  openingHours: v.array(OpeningHoursSchema),
});
export type ContactDetails = v.InferOutput<typeof ContactDetailsSchema>;

/** GET /init?locale=&preview= */
export const InitResponseSchema = v.object({
  configuration: SiteConfigurationSchema,
  mainMenu: MenuSchema,
  footerMenu: MenuSchema,
  socialMenu: MenuSchema,
  topMenu: MenuSchema,
  accountMenu: MenuSchema,
  usbBarReferences: v.array(UspItemSchema),
  seoImage: ImageSchema,
  /** Absent in a CMS that does not keep them: the contact page then shows its text and the form only. */
  contactDetails: v.optional(ContactDetailsSchema),
});
export type InitResponse = v.InferOutput<typeof InitResponseSchema>;

/**
 * A publish or unpublish the content team scheduled for an entry (as Contentful's scheduled
 * actions), at a whole minute; `locale` null for every locale. Addition: only preview answers carry
 * them (`scheduled` on a page or article), so the preview site shows what is planned and when.
 */
export const ScheduledActionSchema = v.object({
  action: v.picklist(["publish", "unpublish"]),
  at: IsoDateTimeSchema,
  locale: v.nullable(LocaleSchema),
});
export type ScheduledAction = v.InferOutput<typeof ScheduledActionSchema>;

/** GET /pages/{slug}?locale=&preview= — a sub page carries its parent's slug. */
export const PageSchema = v.object({
  id: v.string(),
  slug: v.string(),
  parentSlug: v.nullable(v.string()),
  title: v.string(),
  seoTitle: v.nullable(v.string()),
  seoDescription: v.nullable(v.string()),
  intro: v.nullable(v.string()),
  heroImage: v.nullable(ImageSchema),
  /** null for a page without content ('This page has no content'). */
  body: v.nullable(RichTextDocumentSchema),
  updatedAt: IsoDateTimeSchema,
  /** Preview only (addition): what is scheduled for this page, soonest first. */
  scheduled: v.optional(v.array(ScheduledActionSchema)),
});
export type Page = v.InferOutput<typeof PageSchema>;

/**
 * GET /pages?locale=&preview= (addition): every page the view sees, menu or not, so the site builds
 * each published page (a page linked only from an article or a mail must not answer 404). Slugs
 * only: an edit of a page's text leaves this list as it was, so the site's list of addresses is
 * not worked out again for it.
 */
export const PageListEntrySchema = v.object({
  id: v.string(),
  slug: v.string(),
  parentSlug: v.nullable(v.string()),
});
export const PageListResponseSchema = v.object({ pages: v.array(PageListEntrySchema) });
export type PageListEntry = v.InferOutput<typeof PageListEntrySchema>;

export const ArticleSummarySchema = v.object({
  id: v.string(),
  slug: v.string(),
  categorySlug: v.string(),
  categoryTitle: v.string(),
  title: v.string(),
  excerpt: v.string(),
  publishedAt: IsoDateTimeSchema,
  image: v.nullable(ImageSchema),
});
export type ArticleSummary = v.InferOutput<typeof ArticleSummarySchema>;

/** GET /articles/{slug}?locale=&preview= */
export const ArticleSchema = v.object({
  ...ArticleSummarySchema.entries,
  body: RichTextDocumentSchema,
  related: v.array(ArticleSummarySchema),
  updatedAt: IsoDateTimeSchema,
  /** Preview only (addition): what is scheduled for this article, soonest first. */
  scheduled: v.optional(v.array(ScheduledActionSchema)),
});
export type Article = v.InferOutput<typeof ArticleSchema>;

/** GET /articles/latest?locale=&count= (newest first). */
export const LatestArticlesSchema = v.object({ articles: v.array(ArticleSummarySchema) });

export const CategorySummarySchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  articleCount: v.pipe(v.number(), v.integer()),
});
export type CategorySummary = v.InferOutput<typeof CategorySummarySchema>;

/** GET /categories?locale=&preview= — the categories under the configuration's categoryParentSlug. */
export const CategoriesResponseSchema = v.object({ categories: v.array(CategorySummarySchema) });

/** GET /categories/{slug}?locale=&preview= — every published article of the category, newest first. */
export const CategoryDetailSchema = v.object({
  ...CategorySummarySchema.entries,
  articles: v.array(ArticleSummarySchema),
});
export type CategoryDetail = v.InferOutput<typeof CategoryDetailSchema>;

/** Where an entry lives: an article under its category, a page under its parent page (or at the top). */
export const EntryPlaceSchema = v.object({
  type: v.picklist(["article", "page"]),
  slug: v.string(),
  /** The article's category, or the sub page's parent; null for a top-level page. */
  parentSlug: v.nullable(v.string()),
});
export type EntryPlace = v.InferOutput<typeof EntryPlaceSchema>;

/**
 * GET /redirects?locale=&preview= (addition): the CMS's slug history, so an old address keeps
 * working. `moves`: each slug (or category, parent) change of an entry, oldest first; `gone`: each
 * entry deleted for good. Slugs are the same in both languages, so the answer is too. The site
 * works out the redirects from it (src/core/content/redirects.ts): chains collapse, an address
 * that is live again (a slug changed back) is served, not redirected.
 */
export const RedirectsResponseSchema = v.object({
  moves: v.array(v.object({ id: v.string(), from: EntryPlaceSchema, to: EntryPlaceSchema, at: IsoDateTimeSchema })),
  gone: v.array(v.object({ id: v.string(), place: EntryPlaceSchema, at: IsoDateTimeSchema })),
});
export type RedirectHistory = v.InferOutput<typeof RedirectsResponseSchema>;
