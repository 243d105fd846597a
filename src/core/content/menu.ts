import type { NavigationItem } from "../api/schemas/content.ts";
import { navTarget, type UrlContext } from "./nav-url.ts";

/** Who is looking: the static HTML is rendered for both and the browser shows the right one. */
export type Audience = "anonymous" | "authenticated";

/** How an item is shown: to everyone, or only to one audience (a class on it hides it for the other). */
type Visibility = "all" | Audience;

/** The visibleTo rule: an empty list means everyone. */
export function isVisibleTo(item: Pick<NavigationItem, "visibleTo">, audience: Audience): boolean {
  if (item.visibleTo.length === 0) return true;
  return item.visibleTo.includes(audience === "anonymous" ? "AnonymousUser" : "AuthenticatedUser");
}

/** Which audiences see an item; null when nobody does (a visibleTo list that excludes both cannot happen). */
export function visibilityOf(item: Pick<NavigationItem, "visibleTo">): Visibility | null {
  const anonymous = isVisibleTo(item, "anonymous");
  const authenticated = isVisibleTo(item, "authenticated");
  if (anonymous && authenticated) return "all";
  if (anonymous) return "anonymous";
  return authenticated ? "authenticated" : null;
}

/** The menu as one audience sees it, sub menus included; columns left empty are dropped. */
export function filterMenu(items: readonly NavigationItem[], audience: Audience): NavigationItem[] {
  return items
    .filter((item) => isVisibleTo(item, audience))
    .map((item) => ({
      ...item,
      subMenu: item.subMenu
        .map((column) => filterMenu(column, audience))
        .filter((column) => column.length > 0),
    }));
}

/** The footer keeps its first 3 items in one column and the rest in a second. */
const FOOTER_FIRST_COLUMN = 3;

/** Splits the footer menu into its two columns. */
export function splitFooter<T>(items: readonly T[], firstColumn = FOOTER_FIRST_COLUMN): [T[], T[]] {
  return [items.slice(0, firstColumn), items.slice(firstColumn)];
}

/** Every page of a build asks about the same menu object, which content loading never changes afterwards. */
const sameForEveryoneOf = new WeakMap<readonly NavigationItem[], boolean>();

/**
 * True when both audiences see the same items, so one rendering serves both; otherwise the page
 * carries both variants and the sign-in hint picks one.
 */
export function sameForEveryone(items: readonly NavigationItem[]): boolean {
  let same = sameForEveryoneOf.get(items);
  if (same === undefined) {
    same = JSON.stringify(filterMenu(items, "anonymous")) === JSON.stringify(filterMenu(items, "authenticated"));
    sameForEveryoneOf.set(items, same);
  }
  return same;
}

/**
 * True when `path` (a site path without trailing slash) lies in a top-level item's section: a page of
 * its sub menu, or a page under its own (`/over-ons/geschiedenis` under `/over-ons`). The item's own
 * page is not its section: that link is the current page itself.
 */
export function isInSection(item: NavigationItem, path: string, ctx: UrlContext): boolean {
  const own = navTarget(item, ctx);
  if (own && !own.external && own.href === path) return false;
  if (own && !own.external && own.href !== "/" && path.startsWith(`${own.href}/`)) return true;
  return item.subMenu.flat().some((sub) => {
    const target = navTarget(sub, ctx);
    return target !== null && !target.external && target.href === path;
  });
}
