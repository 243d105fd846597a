import { describe, expect, it } from "vitest";
import type { EmptiesLedger } from "../../src/core/api/schemas/business.ts";
import { emptiesCsv } from "../../src/core/business/empties-csv.ts";
import { emptiesByDelivery, emptiesSummary } from "../../src/core/business/empties.ts";

const ledger: EmptiesLedger = {
  from: "2026-09-01",
  to: "2026-11-30",
  opening: [
    { kind: "crate", count: 10 },
    { kind: "keg_50", count: 4 },
  ],
  deposits: [
    { kind: "crate", cents: 390 },
    { kind: "keg_20", cents: 3000 },
    { kind: "keg_50", cents: 6000 },
    { kind: "co2", cents: 5000 },
    { kind: "pallet", cents: 1500 },
  ],
  lines: [
    { deliveryNumber: "L2", date: "2026-11-20", invoice: { id: "inv-2", number: "2" }, kind: "keg_50", delivered: 4, returned: 3 },
    { deliveryNumber: "L2", date: "2026-11-20", invoice: { id: "inv-2", number: "2" }, kind: "crate", delivered: 6, returned: 10 },
    { deliveryNumber: "L1", date: "2026-11-17", invoice: null, kind: "co2", delivered: 1, returned: 0 },
  ],
};

describe("emptiesSummary", () => {
  it("is opening + delivered − returned per kind, with its deposit value, leaving out kinds never held", () => {
    const summary = emptiesSummary(ledger);
    expect(summary.rows.map((row) => [row.kind, row.opening, row.delivered, row.returned, row.balance, row.value])).toEqual([
      ["crate", 10, 6, 10, 6, 2340],
      ["keg_50", 4, 4, 3, 5, 30000],
      ["co2", 0, 1, 0, 1, 5000],
    ]);
    expect(summary.value).toBe(37340);
    expect(summary.units).toBe(12);
  });
  it("is zero for an outlet without empties", () => {
    expect(emptiesSummary({ ...ledger, opening: [], lines: [] })).toEqual({ rows: [], value: 0, units: 0 });
  });
});

describe("emptiesCsv", () => {
  it("writes the opening rows then each movement oldest first, in the reader's spreadsheet format", () => {
    const lines = emptiesCsv(ledger, "nl").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Datum;Levering;Factuur;Soort;Geleverd;Retour;Statiegeld per stuk",
      "01-09-2026;Beginstand;;Kratten;10;0;3,90",
      "01-09-2026;Beginstand;;Fusten 50 liter;4;0;60,00",
      "17-11-2026;L1;;CO2-flessen;1;0;50,00",
      "20-11-2026;L2;2;Fusten 50 liter;4;3;60,00",
      "20-11-2026;L2;2;Kratten;6;10;3,90",
    ]);
    expect(emptiesCsv(ledger, "en").split("\r\n")[1]).toBe("2026-09-01,Opening balance,,Crates,10,0,3.90");
  });
});

describe("emptiesByDelivery", () => {
  it("groups the lines per delivery, newest first, kinds in the usual order", () => {
    expect(emptiesByDelivery(ledger.lines)).toEqual([
      {
        deliveryNumber: "L2",
        date: "2026-11-20",
        invoice: { id: "inv-2", number: "2" },
        items: [
          { kind: "crate", delivered: 6, returned: 10 },
          { kind: "keg_50", delivered: 4, returned: 3 },
        ],
      },
      { deliveryNumber: "L1", date: "2026-11-17", invoice: null, items: [{ kind: "co2", delivered: 1, returned: 0 }] },
    ]);
  });
});
