import type { Permission } from "../../../src/core/api/schemas/common.ts";
import { withSoftHyphens } from "../../../src/core/content/soft-hyphens.ts";
import { urlContextOf } from "../../../src/core/content/nav-url.ts";
import { translate, type Lang } from "../../../src/core/i18n/index.ts";
import { accountMenuEntries, visibleEntries } from "../../../src/core/portal/account-menu.ts";
import { siteSeed } from "../../../stand-in/seed/content/site.ts";

/**
 * The account menu's link texts a person sees, as the demo CMS writes the menu
 * (stand-in/seed/content/site.ts) and the portal renders it: a link that opens in a new tab says so
 * to screen readers, and the portal navigation (not the account panel) breaks long words at their
 * syllables (`hyphenated`).
 */
export function accountMenuTexts(lang: Lang, held: readonly Permission[], accounts: number, { hyphenated = true } = {}): string[] {
  const text = (title: string): string => (hyphenated ? withSoftHyphens(title) : title);
  const init = siteSeed(lang);
  const entries = accountMenuEntries(init.accountMenu, urlContextOf(lang, init.configuration, undefined));
  return visibleEntries(entries, held, accounts).map((entry) =>
    entry.kind === "link" && entry.external
      ? `${text(entry.title)} ${translate(lang, "public.newTab")}`
      : text(entry.title),
  );
}
