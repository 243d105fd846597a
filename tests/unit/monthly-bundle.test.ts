import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MonthlyBundleSchema } from "../../src/core/api/schemas/business.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { firstWorkingDay, isFirstWorkingDay, previousMonth } from "../../src/core/business/monthly-bundle.ts";
import { BOOKKEEPER_PERMISSIONS } from "../../src/core/permissions/roles.ts";
import { menuScreens } from "../../src/core/portal/screens.ts";
import { sendDueBundles, setMonthlyBundle } from "../../stand-in/db/business/monthly-bundle.ts";
import { openDatabase } from "../../stand-in/db/index.ts";
import { outbox } from "../../stand-in/db/people/mail.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/** The bookkeeper: what FACTUREN and DOCUMENTEN open, and the main user's monthly bundle. */

describe("the first working day", () => {
  it("skips weekends and Dutch public holidays", () => {
    expect(firstWorkingDay(2026, 11)).toBe("2026-11-02"); // the 1st is a Sunday
    expect(firstWorkingDay(2027, 1)).toBe("2027-01-04"); // New Year's Day on a Friday, then the weekend
    expect(firstWorkingDay(2024, 4)).toBe("2024-04-02"); // Easter Monday on the 1st
    expect(firstWorkingDay(2026, 12)).toBe("2026-12-01");
    expect(isFirstWorkingDay("2026-12-01")).toBe(true);
    expect(isFirstWorkingDay("2026-12-02")).toBe(false);
    expect(previousMonth("2026-12-01")).toEqual({ from: "2026-11-01", to: "2026-11-30", month: "2026-11" });
    expect(previousMonth("2027-01-04")).toEqual({ from: "2026-12-01", to: "2026-12-31", month: "2026-12" });
  });
});

describe("the monthly bundle's mail", () => {
  let dir: string;
  let db: DatabaseSync;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "kp-bundle-"));
    db = openDatabase(dir);
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("goes to the bookkeeper on the first working day with a link to last month, once, and only when switched on", () => {
    setMonthlyBundle(db, "100001", { enabled: true, email: "boekhouder@example.com" });
    setMonthlyBundle(db, "100002", { enabled: false, email: "ander@example.com" });
    const site = "https://portaal.example";
    expect(sendDueBundles(db, new Date("2026-11-30T08:00:00Z"), site)).toBe(0);
    expect(sendDueBundles(db, new Date("2026-12-01T06:00:00Z"), site)).toBe(1);
    // Checked again the same day (every hour) or the next: no second mail.
    expect(sendDueBundles(db, new Date("2026-12-01T09:00:00Z"), site)).toBe(0);
    const mails = outbox(db).filter((mail) => mail.to.endsWith("@example.com") && mail.subject.includes("november"));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe("boekhouder@example.com");
    expect(mail?.subject).toBe("Facturen van november 2026 van Café De Gouden Leeuw B.V.");
    expect(mail?.body).toContain(`${site}/mijn-account/facturen?from=2026-11-01&to=2026-11-30&select=period`);
    expect(mail?.body).toContain(`${site}/en/mijn-account/facturen?from=2026-11-01&to=2026-11-30&select=period`);
    expect(outbox(db).some((sent) => sent.to === "ander@example.com")).toBe(false);
  });
});

describe("the bookkeeper's permissions", () => {
  it("open the invoices and the documents, none of the other business screens", () => {
    // The team's Boekhouder preset is FACTUREN and DOCUMENTEN.
    expect([...BOOKKEEPER_PERMISSIONS].sort()).toEqual(["DOCUMENTEN", "FACTUREN"]);
    const screens = menuScreens(BOOKKEEPER_PERMISSIONS);
    expect(screens).toEqual(expect.arrayContaining(["invoices", "documents"]));
    for (const hidden of ["bonusOverview", "bonusTool", "contract", "users"] as const) expect(screens).not.toContain(hidden);
  });
});

describe("the monthly bundle's switch (API)", () => {
  let backend: TestBackend;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    backend = await startTestBackend();
    for (const email of ["hoofdgebruiker@example.com", "facturen@example.com"]) tokens.set(email, (await signIn(backend, email)).access_token);
  });
  afterAll(() => backend.close());

  const call = (as: string, init: { method?: string; json?: unknown; account?: string } = {}) =>
    fetch(`${backend.api}/invoices/monthly-bundle?accountNumber=${init.account ?? "100001"}`, {
      method: init.method ?? "GET",
      headers: {
        "ocp-apim-subscription-key": backend.key,
        authorization: `Bearer ${tokens.get(as)}`,
        ...(init.json ? { "content-type": "application/json" } : {}),
      },
      ...(init.json ? { body: JSON.stringify(init.json) } : {}),
    });

  it("is the main user's alone, checked as the site checks it", async () => {
    const main = "hoofdgebruiker@example.com";
    expect(v.parse(MonthlyBundleSchema, await (await call(main)).json())).toEqual({ enabled: false, email: null });
    const refused = async (response: Response) => {
      expect(response.status).toBe(400);
      return v.parse(ValidationErrorSchema, await response.json()).errors;
    };
    expect(await refused(await call(main, { method: "PUT", json: { enabled: true, email: null } }))).toEqual([{ field: "email", code: "required" }]);
    expect(await refused(await call(main, { method: "PUT", json: { enabled: true, email: "geen adres" } }))).toEqual([{ field: "email", code: "email" }]);
    const saved = await call(main, { method: "PUT", json: { enabled: true, email: " Boekhouding@DeGoudenLeeuw.example " } });
    expect(await saved.json()).toEqual({ enabled: true, email: "boekhouding@degoudenleeuw.example" });
    expect(await (await call(main)).json()).toEqual({ enabled: true, email: "boekhouding@degoudenleeuw.example" });
    // A colleague with FACTUREN (not the main user), and an account not the caller's: refused.
    expect((await call("facturen@example.com")).status).toBe(403);
    expect((await call("facturen@example.com", { method: "PUT", json: { enabled: false, email: null } })).status).toBe(403);
    expect((await call(main, { account: "100003" })).status).toBe(403);
  });
});
