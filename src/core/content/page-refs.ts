import type { InitResponse, PageListEntry } from "../api/schemas/content.ts";

/** A content page the site renders: `/slug`, or `/parent/slug` for a sub page. */
export type PageRef = { slug: string; parentSlug: string | null };

/**
 * The pages to build: every page the content API lists (`GET /pages`) in any language, whether or
 * not a menu names it, plus the homepage and the well-known slugs the site's own routes link to.
 * A page listed in one language only is built in both (the other shows the empty state), as a
 * page missing in one language always was.
 */
export function sitePages(configuration: InitResponse["configuration"], listed: readonly (readonly PageListEntry[])[]): PageRef[] {
  const refs = new Map<string, PageRef>();
  const add = (slug: string, parentSlug: string | null): void => {
    const key = parentSlug ? `${parentSlug}/${slug}` : slug;
    if (!refs.has(key)) refs.set(key, { slug, parentSlug });
  };
  add(configuration.homepageSlug, null);
  for (const slug of Object.values(configuration.wellKnownSlugs)) add(slug, null);
  for (const pages of listed) for (const page of pages) add(page.slug, page.parentSlug);
  return [...refs.values()];
}
