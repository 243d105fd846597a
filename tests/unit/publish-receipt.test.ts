import { describe, expect, it } from "vitest";
import type { BuildRecord } from "../../publishing/server/pipeline.ts";
import { fullReasonText, hasSession, receiptOf, renderReceiptPage, sessionCookie, SESSION_MS } from "../../publishing/server/receipt.ts";

const record = (overrides: Partial<BuildRecord>): BuildRecord => ({
  result: "success",
  path: "fast",
  fullReason: null,
  rendered: 16,
  changed: [],
  triggers: [{ source: "webhook", topic: "ContentManagement.Entry.publish", id: "article:statiegeld-op-blik", at: "2026-11-27T13:00:00.000Z" }],
  startedAt: "2026-11-27T13:00:00.100Z",
  durationMs: 900,
  release: "20261127-130001-000",
  pages: 120,
  error: null,
  problems: [],
  deploy: "none",
  liveAt: "2026-11-27T13:00:00.900Z",
  ...overrides,
});

describe("the publish receipt", () => {
  it("says what came in, which path it took, how many pages, and when it was live", () => {
    expect(receiptOf(record({}), "live", "nl")).toMatchObject({
      site: "Website",
      changes: ["artikel statiegeld-op-blik gepubliceerd"],
      path: "Snel: alleen de geraakte pagina's opnieuw gemaakt",
      rendered: "16 pagina's opnieuw gemaakt",
      live: "Live om 14:00:00, 0,9 seconden na ontvangst",
      failure: null,
    });
    const scheduled = record({ path: "full", fullReason: "menus or site configuration changed", triggers: [{ source: "schedule", topic: "ContentManagement.Entry.unpublish", id: "page:zomeractie", at: "2026-11-27T22:59:00.000Z" }], liveAt: "2026-11-27T22:59:04.000Z" });
    expect(receiptOf(scheduled, "live", "en")).toMatchObject({
      changes: ["page zomeractie taken offline at the scheduled time"],
      path: "Full: the whole site was made again (the menus or the site's settings changed)",
      rendered: null,
      live: "Live at 23:59:04, 4.0 seconds after it was received",
    });
  });

  it("names a failure in plain words and what happens now, the build's error folded away", () => {
    const failed = record({ result: "failed", liveAt: null, release: null, error: 'Invalid content in article "x" (nl-NL): field "title": Invalid type' });
    const receipt = receiptOf(failed, "live", "nl");
    expect(receipt.live).toBeNull();
    expect(receipt.failure?.now).toContain("De vorige versie van de site blijft online");
    const page = renderReceiptPage("nl", [{ site: "live", record: failed }]);
    expect(page).toContain("<details><summary>Technische melding</summary><pre>Invalid content in article &quot;x&quot;");
  });

  it("words every reason for the full path", () => {
    expect(fullReasonText("no warm renderer yet", "nl")).toBe("de eerste wijziging na een herstart van de publicatieserver");
    expect(fullReasonText("not a content entry change (asset, manual or startup build)", "en")).toContain("not a change of a page or article");
    expect(fullReasonText("entry 4xyz is not an article or page the site knows", "en")).toBe("the change belongs to no page or article the site knows");
    expect(fullReasonText("fast path failed: boom", "nl")).toContain("de snelle weg lukte niet");
  });

  it("shows CMS ids as text, never as markup", () => {
    const hostile = record({ triggers: [{ source: "webhook", topic: "ContentManagement.Entry.publish", id: "article:<script>alert(1)</script>", at: "2026-11-27T13:00:00.000Z" }] });
    const page = renderReceiptPage("en", [{ site: "preview", record: hostile }]);
    expect(page).not.toContain("<script>");
    expect(page).toContain("article &lt;script&gt;alert(1)&lt;/script&gt; published");
  });

  it("keeps a session for eight hours, signed with the secret", () => {
    const cookie = (sessionCookie("geheim", 1_000).split(";")[0] ?? "");
    expect(hasSession(cookie, "geheim", 1_000 + SESSION_MS - 1)).toBe(true);
    expect(hasSession(cookie, "geheim", 1_000 + SESSION_MS)).toBe(false);
    expect(hasSession(cookie, "ander geheim", 2_000)).toBe(false);
    expect(hasSession(undefined, "geheim", 2_000)).toBe(false);
  });
});
