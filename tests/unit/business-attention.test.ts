import { describe, expect, it } from "vitest";
import { attentionItems } from "../../src/core/business/attention.ts";

/** The dashboard's "needs your attention": what to act on, most urgent first, and nothing else. */
describe("what needs the customer's attention", () => {
  it("puts overdue money first, then a quarter with no bonus claimed, then unread notifications", () => {
    const items = attentionItems({ overdue: 946_084, claimed: new Set(["2026-Q1", "2025-Q4"]), today: "2026-11-27", unread: 2 }, "nl");
    expect(items).toEqual([
      { kind: "overdue", amount: 946_084, href: "/mijn-account/facturen?status=overdue", action: "portal.attention.overdue.action" },
      { kind: "bonus", period: "2026-Q3", href: "/bonus", action: "portal.attention.bonus.action" },
      { kind: "unread", count: 2, href: "/mijn-account/meldingen", action: "portal.attention.unread.action" },
    ]);
  });

  it("leaves out what is settled, claimed, read or not (yet) known", () => {
    const claimed = new Set(["2026-Q3", "2026-Q2", "2026-Q1", "2025-Q4"]);
    expect(attentionItems({ overdue: 0, claimed, today: "2026-11-27", unread: 0 }, "en")).toEqual([]);
    expect(attentionItems({ today: "2026-11-27" }, "en")).toEqual([]);
    expect(attentionItems({ claimed: new Set(), today: "2026-11-27" }, "en")[0]).toMatchObject({ period: "2026-Q3", href: "/en/bonus" });
  });
});
