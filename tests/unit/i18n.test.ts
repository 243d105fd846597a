import { describe, expect, it } from "vitest";
import { translate } from "../../src/core/i18n/index.ts";
import { langFromPath, localizedPath, pluralKey, unlocalizedPath } from "../../src/core/i18n/locale.ts";

describe("i18n", () => {
  it("translates per language and fills placeholders", () => {
    expect(translate("nl", "common.close")).toBe("Sluiten");
    expect(translate("en", "common.close")).toBe("Close");
  });

  it("maps paths between the languages", () => {
    expect(langFromPath("/en/nieuws")).toBe("en");
    expect(langFromPath("/nieuws")).toBe("nl");
    expect(langFromPath("/energie")).toBe("nl");
    expect(localizedPath("en", "/nieuws")).toBe("/en/nieuws");
    expect(localizedPath("en", "/")).toBe("/en");
    expect(localizedPath("nl", "/nieuws")).toBe("/nieuws");
    expect(unlocalizedPath("/en/mijn-account/facturen")).toBe("/mijn-account/facturen");
    expect(unlocalizedPath("/en")).toBe("/");
  });

  it("chooses plural forms by the language's rules (Intl.PluralRules), never by a hand-made `=== 1`", () => {
    const unread = (lang: "nl" | "en", count: number): string =>
      translate(lang, pluralKey(lang, "auth.notifications.count", count), { count });
    expect(unread("nl", 1)).toBe("1 ongelezen melding");
    expect(unread("nl", 2)).toBe("2 ongelezen meldingen");
    expect(unread("nl", 0)).toBe("0 ongelezen meldingen");
    expect(unread("en", 1)).toBe("1 unread notification");
    expect(unread("en", 1.5)).toBe("1.5 unread notifications");
    expect(pluralKey("en", "search.count", 21)).toBe("search.count.other");
  });
});
