/**
 * The list of news the service worker caches in the background after a first visit. The build
 * writes it as `/offline-news.json` (src/pages/offline-news.json.ts); the worker reads it with
 * this schema, so the two cannot drift.
 */
import * as v from "valibot";

const PathSchema = v.pipe(v.string(), v.startsWith("/"));

/** One language's part: the archive, its categories and the newest articles with their images. */
const WarmLanguageSchema = v.object({
  lists: v.array(PathSchema),
  articles: v.array(v.object({ href: PathSchema, title: v.string(), image: v.nullable(v.string()) })),
});
export type WarmLanguage = v.InferOutput<typeof WarmLanguageSchema>;

export const WarmListSchema = v.object({
  /** Changes with every build; the worker warms a language once per build. */
  build: v.string(),
  nl: WarmLanguageSchema,
  en: WarmLanguageSchema,
});
export type WarmList = v.InferOutput<typeof WarmListSchema>;

/** Site path of the list. */
export const WARM_LIST_PATH = "/offline-news.json";

/**
 * The URLs to cache for one language, pages before images so a tight storage budget keeps the
 * text: lists first, then articles newest first, then their images.
 */
export function warmUrls(list: WarmLanguage, maxArticles: number): { pages: string[]; images: string[] } {
  const articles = list.articles.slice(0, maxArticles);
  return {
    pages: [...list.lists, ...articles.map((article) => article.href)],
    images: articles.flatMap((article) => (article.image ? [article.image] : [])),
  };
}
