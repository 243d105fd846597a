/**
 * Content calls: init, pages, categories and articles, per locale, live or
 * preview. Access "key": the subscription key only. Bodies match src/core/api/schemas/content.ts.
 * The contact form's route (contact-form.ts) rides along in this list. See docs/api-content.md.
 */
import * as v from "valibot";
import { LocaleSchema } from "../../../src/core/api/schemas/common.ts";
import type {
  Article,
  CategoriesResponseSchema,
  CategoryDetail,
  InitResponse,
  LatestArticlesSchema,
  Page,
  PageListResponseSchema,
  RedirectsResponseSchema,
  ScheduledAction,
} from "../../../src/core/api/schemas/content.ts";
import { backendUrl } from "../../../dev/lib/stack-config.ts";
import { listArticles, listCategories, listPages, readArticle, readSlugHistory, readPage, readSite, type View } from "../../db/content.ts";
import { HttpError, validationError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import { applyDueActions, pendingActions } from "../../content-schedule.ts";
import { absoluteImageUrls } from "../../images.ts";
import { V1, type Route, type RouteContext } from "../route.ts";
import { contactFormRoutes } from "./contact-form.ts";

/** How many articles `/articles/latest` returns without `count`, and at most. */
const LATEST_DEFAULT_COUNT = 3;
const LATEST_MAX_COUNT = 50;
/** How many related articles an article carries. */
const RELATED_COUNT = 3;

const PreviewSchema = v.optional(v.picklist(["true", "false"]), "false");

/**
 * The locale and preview flag of a content call; 400 naming each bad parameter. Scheduled actions
 * due by the stand-in's clock are applied first, so every answer is the content as of now.
 */
function viewOf(ctx: RouteContext): View {
  applyDueActions(ctx.db, new Date(clock.now()));
  return viewOfUrl(ctx.url);
}

function viewOfUrl(url: URL): View {
  const locale = v.safeParse(v.optional(LocaleSchema, "nl-NL"), url.searchParams.get("locale") ?? undefined);
  const preview = v.safeParse(PreviewSchema, url.searchParams.get("preview") ?? undefined);
  const errors = [
    ...(locale.success ? [] : [{ field: "locale", code: "invalid" }]),
    ...(preview.success ? [] : [{ field: "preview", code: "invalid" }]),
  ];
  if (!locale.success || !preview.success) throw validationError(errors);
  return { locale: locale.output, preview: preview.output === "true" };
}

/** Preview answers name what is scheduled for the entry (an addition); live answers never do. */
function scheduledFor(ctx: RouteContext, view: View, type: "article" | "page", slug: string): { scheduled?: ScheduledAction[] } {
  if (!view.preview) return {};
  const scheduled = pendingActions(ctx.db, type, slug, view.locale);
  return scheduled.length > 0 ? { scheduled } : {};
}

const notFound = (): HttpError => new HttpError(404, { statusCode: 404 });

/** Response bodies carry absolute image URLs on this backend. */
const respond = <T>(ctx: RouteContext, body: T): T => absoluteImageUrls(body, backendUrl(ctx.config));

function latestCount(url: URL): number {
  const raw = url.searchParams.get("count");
  if (raw === null) return LATEST_DEFAULT_COUNT;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > LATEST_MAX_COUNT) {
    throw validationError([{ field: "count", code: "invalid" }]);
  }
  return count;
}

export const contentRoutes: Route[] = [
  {
    method: "GET",
    path: `${V1}/init`,
    access: "key",
    handle: (ctx): InitResponse => respond(ctx, readSite(ctx.db, viewOf(ctx).locale)),
  },
  {
    method: "GET",
    path: `${V1}/pages`,
    access: "key",
    handle: (ctx): v.InferOutput<typeof PageListResponseSchema> => ({ pages: listPages(ctx.db, viewOf(ctx)) }),
  },
  {
    method: "GET",
    path: `${V1}/redirects`,
    access: "key",
    handle: (ctx): v.InferOutput<typeof RedirectsResponseSchema> => {
      viewOf(ctx);
      return readSlugHistory(ctx.db);
    },
  },
  {
    method: "GET",
    path: `${V1}/pages/:slug`,
    access: "key",
    handle: (ctx): Page => {
      const view = viewOf(ctx);
      const page = readPage(ctx.db, ctx.params["slug"] ?? "", view);
      if (!page) throw notFound();
      return respond(ctx, { ...page, ...scheduledFor(ctx, view, "page", page.slug) });
    },
  },
  {
    method: "GET",
    path: `${V1}/categories`,
    access: "key",
    handle: (ctx): v.InferOutput<typeof CategoriesResponseSchema> => {
      const view = viewOf(ctx);
      const parent = readSite(ctx.db, view.locale).configuration.categoryParentSlug;
      return { categories: listCategories(ctx.db, parent, view) };
    },
  },
  {
    method: "GET",
    path: `${V1}/categories/:slug`,
    access: "key",
    handle: (ctx): CategoryDetail => {
      const view = viewOf(ctx);
      const parent = readSite(ctx.db, view.locale).configuration.categoryParentSlug;
      const category = listCategories(ctx.db, parent, view).find((entry) => entry.slug === ctx.params["slug"]);
      if (!category) throw notFound();
      return respond(ctx, { ...category, articles: listArticles(ctx.db, view, { category: category.slug }) });
    },
  },
  // Before `/articles/:slug`, which would otherwise take "latest" for a slug.
  {
    method: "GET",
    path: `${V1}/articles/latest`,
    access: "key",
    handle: (ctx): v.InferOutput<typeof LatestArticlesSchema> => {
      const view = viewOf(ctx);
      return respond(ctx, { articles: listArticles(ctx.db, view, { limit: latestCount(ctx.url) }) });
    },
  },
  {
    method: "GET",
    path: `${V1}/articles/:slug`,
    access: "key",
    handle: (ctx): Article => {
      const view = viewOf(ctx);
      const article = readArticle(ctx.db, ctx.params["slug"] ?? "", view);
      if (!article) throw notFound();
      const related = listArticles(ctx.db, view, { category: article.categorySlug, exclude: article.slug, limit: RELATED_COUNT });
      return respond(ctx, { ...article, related, ...scheduledFor(ctx, view, "article", article.slug) });
    },
  },
  ...contactFormRoutes,
];
