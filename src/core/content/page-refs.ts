import type { InitResponse, NavigationItem } from "../api/schemas/content.ts";

/** A content page the site renders: `/slug`, or `/parent/slug` for a sub page. */
export type PageRef = { slug: string; parentSlug: string | null };

/** Walks every menu (sub menus included) and the well-known slugs for the pages to build. */
export function discoverPages(init: InitResponse): PageRef[] {
  const refs = new Map<string, PageRef>();
  const add = (slug: string, parentSlug: string | null): void => {
    refs.set(parentSlug ? `${parentSlug}/${slug}` : slug, { slug, parentSlug });
  };
  const walk = (items: readonly NavigationItem[]): void => {
    for (const item of items) {
      // An item with its own path points wherever the path says, not at a CMS page.
      if (item.slug && !item.path) {
        if (item.contentType === "page") add(item.slug, null);
        if (item.contentType === "subPage" && item.parentSlug) add(item.slug, item.parentSlug);
      }
      item.subMenu.forEach(walk);
    }
  };
  const { mainMenu, footerMenu, socialMenu, topMenu, accountMenu, configuration } = init;
  [mainMenu, footerMenu, socialMenu, topMenu, accountMenu].forEach(walk);
  add(configuration.homepageSlug, null);
  for (const slug of Object.values(configuration.wellKnownSlugs)) add(slug, null);
  return [...refs.values()];
}
