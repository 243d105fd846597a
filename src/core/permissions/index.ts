import type { Permission } from "../api/schemas/common.ts";

/**
 * The one rule for menu items and routes: an administrator may everything; otherwise nothing required
 * means everyone signed in, and holding at least one of the listed permissions is enough.
 */
export function isAllowed(required: readonly Permission[], held: readonly Permission[]): boolean {
  if (held.includes("ADMINISTRATOR")) return true;
  if (required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

/** Menu items the holder may see, sub menus filtered the same way (empty columns dropped). */
export function filterMenu<T extends { userPermissions: readonly Permission[]; subMenu: T[][] }>(
  items: readonly T[],
  held: readonly Permission[],
): T[] {
  return items
    .filter((item) => isAllowed(item.userPermissions, held))
    .map((item) => ({
      ...item,
      subMenu: item.subMenu.map((column) => filterMenu(column, held)).filter((column) => column.length > 0),
    }));
}

/**
 * What each private route needs (DESIGN.md section 5, "viewing rights are the minimum"); paths are
 * the Dutch ones without the /en prefix. A route not listed needs only a signed-in user.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  "/mijn-account/dashboard": [],
  "/mijn-account/account": [],
  "/tht": [],
  "/consent": [],
  "/mijn-account/facturen": ["FACTUREN"],
  "/mijn-account/documenten": ["DOCUMENTEN"],
  "/mijn-account/bonus-overzicht": ["BONUS"],
  "/bonus": ["BONUS"],
  "/mijn-account/swo": ["SAMENWERKINGSOVEREENKOMST"],
  "/mijn-account/gebruikers": ["GEBRUIKERSBEHEER"],
};

/** The permissions a route path needs (`/bonus/2` falls under `/bonus`). */
export function routePermissions(path: string): readonly Permission[] {
  const clean = path.replace(/\/+$/, "") || "/";
  if (ROUTE_PERMISSIONS[clean]) return ROUTE_PERMISSIONS[clean];
  const parent = Object.keys(ROUTE_PERMISSIONS).find((route) => clean.startsWith(`${route}/`));
  return parent ? (ROUTE_PERMISSIONS[parent] ?? []) : [];
}
