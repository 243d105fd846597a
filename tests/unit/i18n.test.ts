import { describe, expect, it } from "vitest";
import { translate } from "../../src/core/i18n/index.ts";
import { langFromPath, localizedPath, unlocalizedPath } from "../../src/core/i18n/locale.ts";

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
});
