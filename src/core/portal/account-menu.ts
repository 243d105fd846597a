import type { Permission } from "../api/schemas/common.ts";
import type { NavigationItem } from "../api/schemas/content.ts";
import { navTarget, type UrlContext } from "../content/nav-url.ts";
import { translate } from "../i18n/index.ts";
import type { Lang } from "../i18n/locale.ts";
import { isAllowed } from "../permissions/index.ts";
import { menuScreens, SCREEN_IDS, SCREENS, screenAt, type ScreenId } from "./screens.ts";

/**
 * The account menu (the portal navigation beside every portal screen and the menu in the header's
 * account panel) as the content team writes it in the CMS's `accountMenu`: its titles, its order,
 * and links of its own. The screen registry stays the one source of which permission opens a
 * screen: an item naming a screen must ask for exactly the screen's permissions, or the build stops
 * (`accountMenuProblems`). A menu screen the CMS does not name is still listed, under its registry
 * label after the last screen the CMS names (before the CMS's own links that follow it), so a new
 * screen is never hidden by a menu not yet edited.
 */

export type AccountMenuEntry =
  | { kind: "screen"; screen: ScreenId; title: string }
  | { kind: "link"; id: string; title: string; href: string; external: boolean; permissions: Permission[] };

/** The screen an item of the account menu names, by its path; undefined for a link of its own. */
function screenOf(item: NavigationItem): ScreenId | undefined {
  return item.path ? screenAt(item.path) : undefined;
}

/** The entries in the CMS's order with the menu screens it does not name; items that lead nowhere are left out. */
export function accountMenuEntries(items: readonly NavigationItem[], ctx: UrlContext): AccountMenuEntry[] {
  const entries: AccountMenuEntry[] = [];
  const named = new Set<ScreenId>();
  for (const item of items) {
    const screen = screenOf(item);
    if (screen) {
      if (named.has(screen) || !SCREENS[screen].inMenu) continue;
      named.add(screen);
      entries.push({ kind: "screen", screen, title: item.title });
      continue;
    }
    const target = navTarget(item, ctx);
    if (!target) continue;
    entries.push({ kind: "link", id: item.id, title: item.title, ...target, permissions: [...item.userPermissions] });
  }
  const unnamed: AccountMenuEntry[] = SCREEN_IDS.filter((id) => SCREENS[id].inMenu && !named.has(id)).map((id) => ({
    kind: "screen",
    screen: id,
    title: translate(ctx.lang, SCREENS[id].label),
  }));
  const afterLastScreen = entries.findLastIndex((entry) => entry.kind === "screen") + 1;
  entries.splice(afterLastScreen, 0, ...unnamed);
  return entries;
}

/** The entries a person sees: the screens their permissions (and number of accounts) open, the links they may follow. */
export function visibleEntries(entries: readonly AccountMenuEntry[], held: readonly Permission[], accounts: number): AccountMenuEntry[] {
  const screens = new Set(menuScreens(held, accounts));
  return entries.filter((entry) => (entry.kind === "screen" ? screens.has(entry.screen) : isAllowed(entry.permissions, held)));
}

/** The title an entry has for a screen, or the registry's label when the menu does not list it. */
export function screenTitle(entries: readonly AccountMenuEntry[], screen: ScreenId, lang: Lang): string {
  const entry = entries.find((candidate) => candidate.kind === "screen" && candidate.screen === screen);
  return entry?.title ?? translate(lang, SCREENS[screen].label);
}

const sameSet = (a: readonly Permission[], b: readonly Permission[]): boolean =>
  a.length === b.length && a.every((permission) => b.includes(permission));

const listed = (permissions: readonly Permission[]): string => (permissions.length === 0 ? "geen / none" : permissions.join(", "));

/**
 * What the content team must fix in the account menu before the site can be built, one sentence
 * each in Dutch and English: an item naming a portal screen with other permissions than the screen
 * opens with, or a path under /mijn-account that is no screen.
 */
export function accountMenuProblems(items: readonly NavigationItem[], locale: string): string[] {
  const problems: string[] = [];
  for (const item of items) {
    const screen = screenOf(item);
    const where = `Accountmenu (${locale}), item "${item.title}" (${item.id})`;
    if (!screen) {
      if (item.path && /^\/(en\/)?mijn-account(\/|$)/.test(item.path))
        problems.push(
          `${where}: ${item.path} is geen scherm van het portaal; kies een bestaand scherm of verwijder het item. / ` +
            `${item.path} is not a screen of the portal; choose an existing screen or remove the item.`,
        );
      continue;
    }
    const required = SCREENS[screen].permissions;
    if (sameSet(item.userPermissions, required)) continue;
    problems.push(
      `${where}: de rechten in het CMS (${listed(item.userPermissions)}) verschillen van de rechten waarmee het scherm ${SCREENS[screen].path} opent (${listed(required)}); ` +
        `zet in het CMS dezelfde rechten als het scherm. / The permissions in the CMS (${listed(item.userPermissions)}) differ from those that open ` +
        `the screen ${SCREENS[screen].path} (${listed(required)}); set the same permissions in the CMS.`,
    );
  }
  return problems;
}
