import { LOCALES } from "../core/api/schemas/common.ts";
import { digest } from "./digest.ts";
import type { SiteData } from "./site-data.ts";

/**
 * The incremental-build key of a content page: the page in both languages and the menus, so it is
 * rebuilt exactly when one of them changed.
 */
export async function pageCacheKey(data: SiteData, slug: string): Promise<string> {
  const inputs = await Promise.all(LOCALES.flatMap((locale) => [data.init(locale), data.page(locale, slug)]));
  return digest(...inputs);
}
