import { describe, expect, it } from "vitest";
import type { ServiceRequestSummary } from "../../src/core/api/schemas/business/service.ts";
import { draftFromQuery, newServiceHref, openRequests, serviceRequestHref, serviceTitle, validateServiceRequest } from "../../src/core/business/service.ts";

const summary = (id: string, status: ServiceRequestSummary["status"]): ServiceRequestSummary => ({
  id,
  number: `SR-${id}`,
  kind: "tap_fault",
  status,
  reference: null,
  locale: "nl-NL",
  title: "Tap",
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
});

describe("service requests: the core rules", () => {
  it("refuses a request without a kind or description, an overlong one, a malformed reference, too many photos", () => {
    expect(validateServiceRequest({ kind: "tap_fault", description: "Schuimt" })).toEqual([]);
    expect(validateServiceRequest({ kind: "" as never, description: "  " })).toEqual([
      { field: "kind", code: "required" },
      { field: "description", code: "required" },
    ]);
    expect(validateServiceRequest({ kind: "other", description: `${"x".repeat(2000)}   ` })).toEqual([]);
    expect(validateServiceRequest({ kind: "other", description: "x".repeat(2001) })).toEqual([{ field: "description", code: "too_long" }]);
    expect(validateServiceRequest({ kind: "other", description: "x", reference: { type: "delivery", number: "L 1/2" } })).toEqual([{ field: "reference.number", code: "invalid" }]);
    expect(validateServiceRequest({ kind: "other", description: "x", attachmentIds: Array.from({ length: 11 }, (_, i) => `a${i}`) })).toEqual([
      { field: "attachmentIds", code: "too_many" },
    ]);
  });

  it("counts the open requests and names the newest of them", () => {
    expect(openRequests([summary("3", "resolved"), summary("2", "in_progress"), summary("1", "received")])).toEqual({ count: 2, newest: summary("2", "in_progress") });
    expect(openRequests([summary("1", "resolved")])).toEqual({ count: 0, newest: undefined });
  });

  it("opens the form from the screen a request is raised from, with the reference and a fitting kind", () => {
    const href = newServiceHref("nl", { type: "empties", number: "L91000059" });
    expect(href).toBe("/mijn-account/service?new=1&ref=empties%3AL91000059");
    expect(draftFromQuery(new URL(href, "https://x").searchParams)).toEqual({ open: true, kind: "return", reference: { type: "empties", number: "L91000059" } });
    expect(newServiceHref("en", { type: "invoice", number: "91000059" })).toBe("/en/mijn-account/service?new=1&ref=invoice%3A91000059");
    expect(draftFromQuery(new URLSearchParams("ref=invoice:91000059")).kind).toBe("invoice_question");
    expect(draftFromQuery(new URLSearchParams("new=1&kind=breakage&ref=delivery:L1"))).toEqual({ open: true, kind: "breakage", reference: { type: "delivery", number: "L1" } });
    // Anything else in the URL is left out, not trusted.
    expect(draftFromQuery(new URLSearchParams("new=1&kind=x&ref=order:1"))).toEqual({ open: true, kind: "", reference: null });
    expect(draftFromQuery(new URLSearchParams("")).open).toBe(false);
    expect(serviceRequestHref("en", "sr-1")).toBe("/en/mijn-account/service?id=sr-1");
  });

  it("titles a request by its description's first line, shortened", () => {
    expect(serviceTitle("  Tap schuimt\nal twee dagen")).toBe("Tap schuimt");
    expect(serviceTitle("x".repeat(100))).toHaveLength(80);
  });
});
