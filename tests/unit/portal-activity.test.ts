import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "../../src/core/api/schemas/colleagues.ts";
import { activityCsv, filterActivity, NO_FILTER, peopleIn } from "../../src/core/portal/activity.ts";

/** The activity page's logic (src/core/portal/activity.ts): filters in Dutch days, CSV in the page's conventions. */
const row = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  at: "2026-03-01T23:30:00.000Z",
  accountNumber: "100001",
  kind: "permissions_changed",
  actor: { id: "usr-0001", name: "Marleen de Vries <hoofdgebruiker@example.com>" },
  subject: "Jeroen Bakker <facturen@example.com>",
  field: "permissions",
  oldValue: "FACTUREN",
  newValue: "FACTUREN, BONUS",
  ...fields,
});

describe("activity filters", () => {
  const rows = [row({ id: 1 }), row({ id: 2, kind: "invited", subject: "Eva Kok <eva@example.com>", at: "2026-02-27T10:00:00.000Z" })];

  it("filter by person (who did it or whom it concerns), kind and a period of Dutch days", () => {
    expect(filterActivity(rows, { ...NO_FILTER, person: "Eva Kok <eva@example.com>" }).map((r) => r.id)).toEqual([2]);
    expect(filterActivity(rows, { ...NO_FILTER, person: "Marleen de Vries <hoofdgebruiker@example.com>" })).toHaveLength(2);
    expect(filterActivity(rows, { ...NO_FILTER, kind: "invited" }).map((r) => r.id)).toEqual([2]);
    // 23:30 UTC on 1 March is 2 March in Amsterdam.
    expect(filterActivity(rows, { ...NO_FILTER, from: "2026-03-02", to: "2026-03-02" }).map((r) => r.id)).toEqual([1]);
    expect(filterActivity(rows, { ...NO_FILTER, to: "2026-03-01" }).map((r) => r.id)).toEqual([2]);
    expect(peopleIn(rows)).toEqual(["Eva Kok <eva@example.com>", "Jeroen Bakker <facturen@example.com>", "Marleen de Vries <hoofdgebruiker@example.com>"]);
  });
});

describe("activity CSV", () => {
  it("is Dutch with semicolons and English with commas, times in Dutch time, with a byte order mark", () => {
    const nl = activityCsv([row({})], "nl");
    expect(nl.startsWith("\uFEFFWanneer;Account;Door;Wat;Betreft;Veld;Oud;Nieuw\r\n")).toBe(true);
    expect(nl).toContain("2 mrt 2026, 00:30;100001;Marleen de Vries <hoofdgebruiker@example.com>;Rechten gewijzigd;Jeroen Bakker <facturen@example.com>;Rechten;FACTUREN;FACTUREN, BONUS");
    const en = activityCsv([row({})], "en");
    expect(en).toContain('Mar 2, 2026, 12:30 AM",100001');
    expect(en).toContain('"FACTUREN, BONUS"');
  });

  it("makes a value a spreadsheet would run as a formula inert", () => {
    const csv = activityCsv([row({ subject: "=HYPERLINK(\"http://x\")", newValue: "+31 6" })], "nl");
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(";'+31 6");
  });
});
