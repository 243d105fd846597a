import { LOCALES } from "../core/api/schemas/common.ts";
import type { ContentKind } from "../core/content/content-types.ts";
import { digest } from "./digest.ts";
import type { SiteData } from "./site-data.ts";

/**
 * The incremental-build key of an entry's page: the entry in both languages and the menus, so it is
 * rebuilt exactly when one of them changed.
 */
export async function entryCacheKey(data: SiteData, kind: ContentKind, slug: string): Promise<string> {
  const inputs = await Promise.all(LOCALES.flatMap((locale) => [data.init(locale), data.entry(kind, locale, slug)]));
  return digest(...inputs);
}

/** The incremental-build key of a content page (`entryCacheKey` of the page). */
export const pageCacheKey = (data: SiteData, slug: string): Promise<string> => entryCacheKey(data, "page", slug);
