import { isPrivatePath } from "./routes.ts";

/**
 * True when an image asked for by the page at `pageUrl` may be kept in the worker's image cache:
 * only for a public page of the site. Images on private screens (the account manager's and sales
 * support's portraits on the dashboard) come from the same image host as the news photos, so
 * their URL cannot tell them apart; the page that shows them can. An image whose page is unknown
 * is not kept either: a shared computer must never hold a customer's images after sign-out.
 */
export function mayCacheImageOf(pageUrl: string | undefined, siteOrigin: string): boolean {
  if (!pageUrl) return false;
  try {
    const page = new URL(pageUrl);
    return page.origin === siteOrigin && !isPrivatePath(page.pathname);
  } catch {
    return false;
  }
}
