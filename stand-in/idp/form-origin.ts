/**
 * The provider's own forms (sign-in, password reset, invitation acceptance) are posted only from its
 * own pages. A form posted from another site is refused before it is read: otherwise a page elsewhere
 * could make a visitor's browser accept the attacker's own invitation with a password the attacker
 * chose, and the sign-in that follows would put the visitor in the attacker's account (login CSRF).
 *
 * Fetch metadata first (`Sec-Fetch-Site`, sent by every current browser, independent of the pages'
 * no-referrer policy); without it, the `Origin` header when it names an origin (a same-origin post
 * from a no-referrer page carries `Origin: null`). A request with neither (an old browser, a script
 * that is not a browser) cannot be a cross-site form post by a browser and is let through.
 */
import type http from "node:http";

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Whether a form post to the provider came from a page of another origin. */
export function isCrossOriginForm(req: http.IncomingMessage, ownOrigin: string): boolean {
  const site = header(req, "sec-fetch-site");
  // "none": typed or bookmarked by the person themselves, not something another page did.
  if (site !== undefined) return site !== "same-origin" && site !== "none";
  const origin = header(req, "origin");
  return origin !== undefined && origin !== "null" && origin !== ownOrigin;
}
