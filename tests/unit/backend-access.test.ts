import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import { API_ROUTES } from "../../stand-in/api/router.ts";
import { SEED_USERS } from "../../stand-in/seed/people.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn, type Tokens } from "./support/tokens.ts";

/**
 * Per-account access on every route of the stand-in API, walked from the router's own table: a
 * route that names permissions refuses a colleague who holds none of them on the account asked for,
 * and refuses everyone on an account they do not hold. So a new call is held to the rule the day it
 * is added, without a test of its own for it.
 */

const ACCOUNT = "100001";
/** An account the colleagues below do not hold. */
const FOREIGN_ACCOUNT = "100003";
/** Colleagues on ACCOUNT with a few permissions each (none of them ADMINISTRATOR or a main user). */
const COLLEAGUES = ["facturen@example.com", "fatima.elamrani@example.com", "thijs.vandenberg@example.com", "lotte.smit@example.com"];

const guarded = API_ROUTES.filter((route) => (route.permissions?.length ?? 0) > 0);

const heldOn = (email: string, account: string): readonly Permission[] =>
  SEED_USERS.find((user) => user.email === email)?.accounts.find((link) => link.accountNumber === account)?.permissions ?? [];

/** A colleague on ACCOUNT who holds none of the route's permissions there. */
const lacking = (permissions: readonly Permission[]): string | undefined =>
  COLLEAGUES.find((email) => !heldOn(email, ACCOUNT).some((held) => permissions.includes(held)));

let backend: TestBackend;
const tokens = new Map<string, Tokens>();
beforeAll(async () => {
  backend = await startTestBackend();
  for (const email of COLLEAGUES) tokens.set(email, await signIn(backend, email));
});
afterAll(() => backend.close());

async function call(method: string, pattern: string, email: string, account: string): Promise<Response> {
  const url = new URL(`${backend.url}${pattern.replace(/:\w+/g, "sample-1")}`);
  url.searchParams.set("accountNumber", account);
  return fetch(url, {
    method,
    headers: {
      "ocp-apim-subscription-key": backend.key,
      authorization: `Bearer ${tokens.get(email)?.access_token ?? ""}`,
      ...(method === "GET" || method === "HEAD" ? {} : { "content-type": "application/json" }),
    },
    ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
  });
}

describe("every route that names permissions", () => {
  it("is more than a handful (the walk reads the router's table)", () => {
    expect(guarded.length).toBeGreaterThan(5);
  });

  it.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s refuses a colleague without its permission, and an account the caller does not hold",
    async (_name, route) => {
      const permissions = route.permissions ?? [];
      const colleague = lacking(permissions);
      expect(colleague, `a seeded colleague on ${ACCOUNT} without ${permissions.join("/")}`).toBeDefined();
      if (!colleague) return;
      expect((await call(route.method, route.path, colleague, ACCOUNT)).status).toBe(403);
      expect(heldOn(COLLEAGUES[0] ?? "", FOREIGN_ACCOUNT)).toEqual([]);
      expect((await call(route.method, route.path, COLLEAGUES[0] ?? "", FOREIGN_ACCOUNT)).status).toBe(403);
    },
  );
});
