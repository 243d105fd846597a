import { describe, expect, it } from "vitest";
import type { InboxItem } from "../../src/core/api/schemas/business/inbox.ts";
import { translate } from "../../src/core/i18n/index.ts";
import { otherLang, samePageIn } from "../../src/core/i18n/locale.ts";
import { inboxTarget, invoiceFacts } from "../../src/core/business/inbox-facts.ts";

const item = (over: Partial<InboxItem>): InboxItem => ({
  guid: "g",
  category: "invoice",
  title: "Betaalherinnering factuur 91000059",
  body: "",
  createdAt: "2026-11-23T08:30:00.000Z",
  read: false,
  link: "/mijn-account/facturen?q=91000059",
  invoice: { number: "91000059", amountInclVat: 480_209, invoiceDate: "2026-10-17", dueDate: "2026-11-16" },
  ...over,
});

const PROVIDER = "https://login.example.com/";

describe("what a notification says about its invoice", () => {
  it("names the invoice, its amount and due date in the page's language, and links to it", () => {
    const invoice = item({}).invoice ?? null;
    if (!invoice) throw new Error("no invoice");
    const dutch = invoiceFacts(invoice, "nl").map((fact) => [translate("nl", fact.label), fact.value]);
    expect(dutch).toEqual([
      ["Factuurnummer", "91000059"],
      ["Bedrag incl. btw", "€\u00a04.802,09"],
      ["Factuurdatum", "17-10-2026"],
      ["Vervaldatum", "16-11-2026"],
    ]);
    expect(invoiceFacts(invoice, "en")[1]?.value).toBe("€4,802.09");
    expect(inboxTarget(item({}), "en", PROVIDER)).toEqual({ href: "/en/mijn-account/facturen?q=91000059", label: "portal.inbox.open.invoice", number: "91000059" });
  });

  it("says where any other notification's link goes", () => {
    expect(inboxTarget(item({ category: "bonus", invoice: null, link: "/mijn-account/bonus-overzicht" }), "nl", PROVIDER)).toEqual({
      href: "/mijn-account/bonus-overzicht",
      label: "portal.inbox.open.bonus",
    });
    expect(inboxTarget(item({ category: "general", invoice: null, link: null }), "nl", PROVIDER)).toBeNull();
  });

  it("opens an invitation at the identity provider as it is, and no other absolute link", () => {
    const invitation = "https://login.example.com/login/invitation?token=abc&lang=en";
    expect(inboxTarget(item({ invoice: null, link: invitation }), "en", PROVIDER)).toEqual({ href: invitation, label: "portal.inbox.open.invitation" });
    expect(inboxTarget(item({ invoice: null, link: "https://evil.example/login/invitation?token=abc" }), "en", PROVIDER)).toBeNull();
    expect(inboxTarget(item({ invoice: null, link: "javascript:alert(1)" }), "en", PROVIDER)).toBeNull();
  });

  it("follows a path only while it stays on the site as a browser reads it", () => {
    for (const away of ["//evil.example/mijn-account", "/\\evil.example/mijn-account", "/\t/evil.example/mijn-account"]) {
      expect(inboxTarget(item({ category: "general", invoice: null, link: away }), "nl", PROVIDER), away).toBeNull();
    }
    expect(inboxTarget(item({ category: "general", invoice: null, link: "/mijn-account/service?id=sr-1" }), "en", PROVIDER)).toEqual({
      href: "/en/mijn-account/service?id=sr-1",
      label: "portal.inbox.open.general",
    });
  });
});

describe("the language switch's link", () => {
  it("is the same page in the other language", () => {
    expect(otherLang("nl")).toBe("en");
    expect(samePageIn("en", "/")).toBe("/en");
    expect(samePageIn("en", "/nieuws/bier/nieuw-op-de-tap")).toBe("/en/nieuws/bier/nieuw-op-de-tap");
    expect(samePageIn("nl", "/en")).toBe("/");
    expect(samePageIn("nl", "/en/mijn-account/facturen")).toBe("/mijn-account/facturen");
  });
});
