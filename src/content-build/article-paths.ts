import type { Article } from "../core/api/schemas/content.ts";
import { digest } from "./digest.ts";
import type { ArticleRoute } from "./news-lists.ts";

type ArticleStaticPath = { params: ArticleRoute; cacheKey: string };

const kept = new WeakMap<ArticleRoute, { inputs: unknown[]; path: ArticleStaticPath }>();

/**
 * The static path of an article page: its route and its incremental-build key (the menus, and the
 * article in both languages with its related articles). The same object for as long as the route
 * and its inputs are: a warm publishing process lists every article page again on each publish,
 * and a path it listed before then costs no new key and no new pathname.
 */
export function articleStaticPath(route: ArticleRoute, menus: string, articles: readonly (Article | null)[]): ArticleStaticPath {
  const inputs = [menus, ...articles];
  const found = kept.get(route);
  if (found?.inputs.length === inputs.length && found.inputs.every((input, index) => input === inputs[index])) return found.path;
  const path = { params: { category: route.category, slug: route.slug }, cacheKey: digest(...inputs) };
  kept.set(route, { inputs, path });
  return path;
}
