import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BonusOverviewSchema, InvoiceListSchema, OutletsOverviewSchema } from "../../src/core/api/schemas/business.ts";
import { openDatabase } from "../../stand-in/db/index.ts";
import { linkUser } from "../../stand-in/db/people/links.ts";
import { findUserByEmail } from "../../stand-in/db/people/users.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
  // A colleague of 100001 (FACTUREN, DOCUMENTEN, GEBRUIKERSBEHEER there) who only sees the bonus of 100002.
  const db = openDatabase(backend.config.dataDir);
  const lotte = findUserByEmail(db, "lotte.smit@example.com");
  if (!lotte) throw new Error("seed changed: lotte.smit@example.com is gone");
  linkUser(db, lotte.id, "100002", ["BONUS"]);
  db.close();
});
afterAll(() => backend.close());

async function get(path: string, email: string, account?: string): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  if (account) url.searchParams.set("accountNumber", account);
  const token = await signIn(backend, email);
  return fetch(url, { headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token.access_token}` } });
}
const parsed = async <S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> => {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
};

describe("GET /outlets (all outlets in one call)", () => {
  it("answers every account of the caller with the figures of the calls that serve them alone", async () => {
    const overview = await parsed(await get("/outlets", "hoofdgebruiker@example.com"), OutletsOverviewSchema);
    expect(overview.outlets.map((outlet) => outlet.accountNumber)).toEqual(["100001", "100002"]);
    expect(overview.tiers.length).toBeGreaterThan(0);
    for (const outlet of overview.outlets) {
      expect(outlet.notVisible).toEqual([]);
      const invoices = await parsed(await get("/invoices", "hoofdgebruiker@example.com", outlet.accountNumber), InvoiceListSchema);
      expect(outlet.invoices).toEqual(invoices.totals);
      const bonus = await parsed(await get("/actualssalesdata/", "hoofdgebruiker@example.com", outlet.accountNumber), BonusOverviewSchema);
      expect(outlet.bonus?.claims.map((claim) => claim.id).sort()).toEqual(bonus.items.map((claim) => claim.id).sort());
      expect(outlet.notifications.latest.length).toBeLessThanOrEqual(3);
    }
  });

  it("checks each figure per outlet: what the caller may not see there is named and sent as null, never as zero", async () => {
    const overview = await parsed(await get("/outlets", "lotte.smit@example.com"), OutletsOverviewSchema);
    const [first, second] = overview.outlets;
    expect(first).toMatchObject({ accountNumber: "100001", notVisible: ["bonus", "contract"], bonus: null, contract: null });
    expect(first?.invoices).not.toBeNull();
    expect(second).toMatchObject({ accountNumber: "100002", notVisible: ["invoices", "contract"], invoices: null, contract: null });
    expect(second?.bonus?.claims.length).toBeGreaterThan(0);
    // The same refusals as the single calls.
    expect((await get("/invoices", "lotte.smit@example.com", "100002")).status).toBe(403);
    expect((await get("/actualssalesdata/", "lotte.smit@example.com", "100001")).status).toBe(403);
  });

  it("lists only the caller's own accounts", async () => {
    const overview = await parsed(await get("/outlets", "facturen@example.com"), OutletsOverviewSchema);
    expect(overview.outlets.map((outlet) => outlet.accountNumber)).toEqual(["100001"]);
    expect(overview.outlets[0]?.notVisible).toEqual(["bonus", "contract"]);
  });

  it("needs a signed-in caller", async () => {
    const response = await fetch(`${backend.api}/outlets`, { headers: { "ocp-apim-subscription-key": backend.key } });
    expect(response.status).toBe(401);
  });
});
