import { describe, expect, it } from "vitest";
import { PATHS } from "../../src/core/api/paths.ts";
import { SERVICE_PATHS } from "../../src/core/api/service-paths.ts";
import { PERMISSIONS, type Permission } from "../../src/core/api/schemas/common.ts";
import { ASSIGNABLE_PERMISSIONS } from "../../src/core/api/schemas/people-requests.ts";
import { isAllowed } from "../../src/core/permissions/index.ts";
import { SCREEN_IDS, SCREENS } from "../../src/core/portal/screens.ts";
import { DEMO_USERS } from "../../dev/lib/stack-config.ts";
import { API_ROUTES } from "../../stand-in/api/router.ts";
import { PERMISSION_CATALOGUE, SEED_USERS } from "../../stand-in/seed/people.ts";

/**
 * The stand-in follows the contract (src/core/api): a permission added to the contract reaches the
 * stand-in's catalogue and the demo main users, and every path the client calls is a route of the
 * stand-in. Before, the stand-in kept its own copies (a permission list, the route paths), and a
 * permission forgotten in its list hid a new screen from the demo main user with no test failing.
 */

const MAIN_USER = DEMO_USERS[0].email;

describe("the stand-in's permissions come from the contract", () => {
  it("lists every permission of the contract in its catalogue, in the contract's order, named in both languages", () => {
    expect(PERMISSION_CATALOGUE.map((entry) => entry.code)).toEqual([...PERMISSIONS]);
    for (const entry of PERMISSION_CATALOGUE) {
      expect(entry.assignable, entry.code).toBe((ASSIGNABLE_PERMISSIONS as readonly Permission[]).includes(entry.code));
      for (const text of [entry.name.nl, entry.name.en, entry.description.nl, entry.description.en]) expect(text.trim(), entry.code).not.toBe("");
    }
  });

  it("gives the demo main user every assignable permission on each of their accounts", () => {
    const user = SEED_USERS.find((seed) => seed.email === MAIN_USER);
    expect(user?.accounts.length).toBeGreaterThan(0);
    for (const account of user?.accounts ?? []) {
      expect(account.isMainUser).toBe(true);
      expect([...account.permissions].sort(), account.accountNumber).toEqual([...ASSIGNABLE_PERMISSIONS].sort());
    }
  });

  it("so the demo main user may open every screen of the registry", () => {
    const user = SEED_USERS.find((seed) => seed.email === MAIN_USER);
    for (const account of user?.accounts ?? []) {
      const hidden = SCREEN_IDS.filter((id) => !isAllowed(SCREENS[id].permissions, account.permissions));
      expect(hidden, `screens the main user cannot open on ${account.accountNumber}`).toEqual([]);
    }
  });
});

describe("the stand-in serves the contract's paths", () => {
  /** A route pattern as the router matches it: `:name` is one segment, a trailing slash is optional. */
  const matches = (pattern: string, pathname: string): boolean =>
    new RegExp(`^${pattern.replace(/\/$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`).test(pathname);

  const samples = Object.entries({ ...PATHS, ...SERVICE_PATHS }).map(([name, path]) => {
    const sample = typeof path === "string" ? path : (path as (...args: string[]) => string)("sample-1", "sample-2");
    return [name, sample] as const;
  });

  it.each(samples)("%s (%s) is a route of the stand-in", (_name, pathname) => {
    expect(API_ROUTES.some((route) => matches(route.path, pathname))).toBe(true);
  });
});
