import { CONTENT_TYPES, kindsWithPages } from "../core/content/content-types.ts";
import { newsPath, pagePath } from "../core/content/nav-url.ts";
import { genericPageRefs } from "../core/content/routes.ts";
import { sitemapFiles } from "../core/content/sitemap.ts";
import { buildSettings } from "./build-content.ts";
import { articleRoutes, newsLists } from "./news-lists.ts";
import type { SiteData } from "./site-data.ts";

/**
 * The site's sitemap files: one for the pages (home, content pages, the news lists), one per news
 * category with its articles (cut in more where a category outgrows one file), one per content type
 * with pages of its own (content-types.ts). A publish in one
 * category changes that category's file only; each file is read as a derived value, so a change
 * that leaves its addresses as they were leaves the file alone.
 */
const files = (data: SiteData): Promise<{ name: string; paths: readonly string[] }[]> =>
  data.derived("sitemap-files", async (from) => {
    const ctx = (await from.init("nl-NL")).configuration;
    const pages = genericPageRefs(await from.pageRefs("nl-NL"), ctx).map((ref) => pagePath(ctx, ref.slug, ref.parentSlug));
    const lists = (await newsLists(from)).map((list) => newsPath(ctx, list.categorySlug ?? undefined));
    const byCategory = new Map<string, string[]>();
    for (const route of await articleRoutes(from)) {
      let paths = byCategory.get(route.category);
      if (!paths) byCategory.set(route.category, (paths = []));
      paths.push(newsPath(ctx, route.category, route.slug));
    }
    return sitemapFiles([
      { name: CONTENT_TYPES.page.sitemap, paths: ["/", ...pages, "/klant-worden", "/vragen-tht", "/perfect-fit", ...lists] },
      ...[...byCategory].map(([category, paths]) => ({ name: CONTENT_TYPES.article.sitemap.replace("<category>", category), paths })),
      // Each content type with pages of its own: its list and its entries.
      ...(await Promise.all(
        kindsWithPages().map(async ({ kind, segment, sitemap }) => ({
          name: sitemap,
          paths: [`/${segment}`, ...((await from.list(kind, "nl-NL")) as readonly { slug: string }[]).map((entry) => `/${segment}/${entry.slug}`)],
        })),
      )),
    ]);
  });

/** The names of the sitemap files, in order; none on the preview site, which is never crawled. */
export const sitemapFileNames = async (data: SiteData): Promise<string[]> =>
  buildSettings().preview ? [] : data.derived("sitemap-file-names", async (from) => (await files(from)).map((file) => file.name));

/** The site paths one sitemap file lists (none for a name the site no longer has). */
export const sitemapFilePaths = (data: SiteData, name: string): Promise<readonly string[]> =>
  data.derived(`sitemap-file:${name}`, async (from) => (await files(from)).find((file) => file.name === name)?.paths ?? []);
