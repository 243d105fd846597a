import { PDFDocument } from "pdf-lib";
import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DeliveryListSchema, DeliverySchema, EmptiesLedgerSchema, InvoiceListSchema } from "../../src/core/api/schemas/business.ts";
import { emptiesSummary } from "../../src/core/business/empties.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { clock as businessClock } from "../../stand-in/api/routes/business/shared.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
const realNow = businessClock.now;
afterEach(() => {
  businessClock.now = realNow;
});

const tokens = new Map<string, Promise<string>>();
async function get(path: string, email: string, params: Record<string, string> = {}): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (!tokens.has(email)) tokens.set(email, signIn(backend, email).then((token) => token.access_token));
  return fetch(url, { headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${await tokens.get(email)}` } });
}
const parsed = async <S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> => {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
};
/** The seed's own "today" (2026-11-15, a Sunday): the history is written back from it. */
const onSeedDay = () => {
  businessClock.now = () => new Date("2026-11-15T09:00:00Z");
};

describe("GET /deliveries (addition)", () => {
  it("answers the next delivery on the account's delivery day and the period's deliveries, newest first, each with its invoice", async () => {
    onSeedDay();
    const list = await parsed(await get("/deliveries", "hoofdgebruiker@example.com", { accountNumber: "100001" }), DeliveryListSchema);
    // Café De Gouden Leeuw is delivered on Tuesdays and Fridays between 07:00 and 09:00.
    expect(list.next).toMatchObject({ status: "planned", date: "2026-11-17", windowFrom: "07:00", windowTo: "09:00", invoice: null });
    expect(list.next?.lines.length).toBeGreaterThan(0);
    expect(list).toMatchObject({ from: "2026-08-15", to: "2026-11-15" });
    expect(list.items.length).toBeGreaterThan(3);
    const dates = list.items.map((delivery) => delivery.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((date) => date >= list.from && date <= list.to)).toBe(true);
    for (const delivery of list.items) {
      expect(delivery.status).toBe("delivered");
      expect(delivery.lines.length).toBeGreaterThan(0);
      expect(delivery.invoice).not.toBeNull();
      // On its route's days: a Tuesday or a Friday.
      expect([2, 5]).toContain(new Date(`${delivery.date}T00:00:00Z`).getUTCDay());
    }
  });

  it("links both ways: the invoice names its delivery, the delivery its invoice", async () => {
    onSeedDay();
    const list = await parsed(await get("/deliveries", "facturen@example.com", { accountNumber: "100001" }), DeliveryListSchema);
    const delivery = list.items[0]!;
    const invoices = await parsed(
      await get("/invoices", "facturen@example.com", { accountNumber: "100001", q: delivery.invoice!.number }),
      InvoiceListSchema,
    );
    expect(invoices.items.find((invoice) => invoice.number === delivery.invoice!.number)?.deliveryNumber).toBe(delivery.number);
    const one = await parsed(await get(`/deliveries/${delivery.number}`, "facturen@example.com", { accountNumber: "100001" }), DeliverySchema);
    expect(one).toEqual(delivery);
  });

  it("filters by period and refuses a period that is no period", async () => {
    onSeedDay();
    const list = await parsed(
      await get("/deliveries", "hoofdgebruiker@example.com", { accountNumber: "100001", from: "2026-06-01", to: "2026-06-30" }),
      DeliveryListSchema,
    );
    expect(list.items.every((delivery) => delivery.date.startsWith("2026-06"))).toBe(true);
    for (const [params, error] of [
      [{ from: "2026-07-01", to: "2026-06-01" }, { field: "to", code: "before_from" }],
      [{ from: "2026-02-30" }, { field: "from", code: "invalid_date" }],
      [{ from: "2024-01-01", to: "2026-06-01" }, { field: "to", code: "period_too_long" }],
    ] as const) {
      const response = await get("/deliveries", "hoofdgebruiker@example.com", { accountNumber: "100001", ...params });
      expect(response.status).toBe(400);
      expect(v.parse(ValidationErrorSchema, await response.json()).errors).toEqual([error]);
    }
  });

  it("serves the delivery note as a PDF", async () => {
    onSeedDay();
    const list = await parsed(await get("/deliveries", "hoofdgebruiker@example.com", { accountNumber: "100001" }), DeliveryListSchema);
    const number = list.items[0]!.number;
    const response = await get(`/deliveries/${number}/pdf`, "hoofdgebruiker@example.com", { accountNumber: "100001", locale: "en-US" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`delivery-note-${number}.pdf`);
    expect((await PDFDocument.load(await response.arrayBuffer())).getPageCount()).toBe(1);
  });
});

describe("deliveries per account and permission", () => {
  it("opens to FACTUREN or DOCUMENTEN on the account, and to nobody else", async () => {
    expect((await get("/deliveries", "facturen@example.com", { accountNumber: "100001" })).status).toBe(200);
    expect((await get("/deliveries", "fatima.elamrani@example.com", { accountNumber: "100001" })).status).toBe(200);
    // HOOFDDATA and SAMENWERKINGSOVEREENKOMST only.
    expect((await get("/deliveries", "thijs.vandenberg@example.com", { accountNumber: "100001" })).status).toBe(403);
    // Not one of the caller's accounts.
    expect((await get("/deliveries", "facturen@example.com", { accountNumber: "100002" })).status).toBe(403);
  });

  it("refuses another account's delivery and delivery note with 403, even asked on one's own account; an unknown number is 404", async () => {
    onSeedDay();
    const theirs = await parsed(await get("/deliveries", "hoofdgebruiker@example.com", { accountNumber: "100002" }), DeliveryListSchema);
    const number = theirs.items[0]!.number;
    for (const path of [`/deliveries/${number}`, `/deliveries/${number}/pdf`]) {
      const refused = await get(path, "facturen@example.com", { accountNumber: "100001" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ statusCode: 2 });
      expect((await get(path, "facturen@example.com", { accountNumber: "100002" })).status).toBe(403);
      expect((await get(path, "thijs.vandenberg@example.com", { accountNumber: "100001" })).status).toBe(403);
    }
    expect((await get("/deliveries/L0000000/pdf", "facturen@example.com", { accountNumber: "100001" })).status).toBe(404);
  });
});

describe("GET /empties (addition)", () => {
  it("answers the ledger of the period: movements newest first, each with its delivery and invoice, and what was held before", async () => {
    onSeedDay();
    const ledger = await parsed(await get("/empties", "facturen@example.com", { accountNumber: "100001" }), EmptiesLedgerSchema);
    expect(ledger).toMatchObject({ from: "2026-08-15", to: "2026-11-15" });
    expect(ledger.opening.length).toBeGreaterThan(0);
    const dates = ledger.lines.map((line) => line.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const deliveries = await parsed(await get("/deliveries", "facturen@example.com", { accountNumber: "100001" }), DeliveryListSchema);
    for (const line of ledger.lines) {
      const delivery = deliveries.items.find((item) => item.number === line.deliveryNumber);
      expect(delivery?.date).toBe(line.date);
      expect(line.invoice).toEqual(delivery?.invoice);
    }
    // The balance at the end of the period does not depend on where the period starts.
    const longer = await parsed(await get("/empties", "facturen@example.com", { accountNumber: "100001", from: "2026-01-01" }), EmptiesLedgerSchema);
    expect(emptiesSummary(longer).rows.map((row) => [row.kind, row.balance])).toEqual(emptiesSummary(ledger).rows.map((row) => [row.kind, row.balance]));
  });

  it("tells the seed's story: the café that returns kegs late holds more 50 l kegs than one delivery brings", async () => {
    onSeedDay();
    const ledger = await parsed(await get("/empties", "hoofdgebruiker@example.com", { accountNumber: "100001" }), EmptiesLedgerSchema);
    const kegs = emptiesSummary(ledger).rows.find((row) => row.kind === "keg_50");
    const lastDelivered = ledger.lines.find((line) => line.kind === "keg_50" && line.delivered > 0)?.delivered ?? 0;
    expect(kegs!.balance).toBeGreaterThan(lastDelivered + 2);
  });

  it("exports the period as CSV whose sums give the same balance", async () => {
    onSeedDay();
    const response = await get("/empties/export.csv", "facturen@example.com", { accountNumber: "100001", locale: "en-US" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("empties-100001-2026-08-15-2026-11-15.csv");
    const rows = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n").slice(1).map((row) => row.split(","));
    const ledger = await parsed(await get("/empties", "facturen@example.com", { accountNumber: "100001" }), EmptiesLedgerSchema);
    const crates = emptiesSummary(ledger).rows.find((row) => row.kind === "crate")!;
    const sum = rows.filter((row) => row[3] === "Crates").reduce((total, row) => total + Number(row[4]) - Number(row[5]), 0);
    expect(sum).toBe(crates.balance);
  });

  it("opens to FACTUREN on the account only, and refuses a period that is no period", async () => {
    expect((await get("/empties", "fatima.elamrani@example.com", { accountNumber: "100001" })).status).toBe(403);
    expect((await get("/empties/export.csv", "fatima.elamrani@example.com", { accountNumber: "100001" })).status).toBe(403);
    expect((await get("/empties", "facturen@example.com", { accountNumber: "100002" })).status).toBe(403);
    expect((await get("/empties/export.csv", "facturen@example.com", { accountNumber: "100002" })).status).toBe(403);
    const refused = await get("/empties", "facturen@example.com", { accountNumber: "100001", from: "2026-11-01", to: "2026-10-01" });
    expect(refused.status).toBe(400);
    expect(v.parse(ValidationErrorSchema, await refused.json()).errors).toEqual([{ field: "to", code: "before_from" }]);
  });
});
