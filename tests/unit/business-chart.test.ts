import { describe, expect, it } from "vitest";
import { barChartLayout, shownTextPx } from "../../src/core/business/chart.ts";
import { withSoftHyphens } from "../../src/core/content/soft-hyphens.ts";

describe("the contract's volume chart on any screen", () => {
  it("keeps its labels at 12 px or more, from a 320 px phone to a laptop", () => {
    // The figure's width inside the contract page at 320, 390, 768 and 1280 px wide screens.
    for (const shown of [288, 358, 704, 720]) {
      expect(shownTextPx(barChartLayout(shown), shown), `${shown} px`).toBeGreaterThanOrEqual(12);
    }
    // The drawing it replaces: 640 units shrunk into a phone's 358 px showed 12-unit text at under 7 px.
    expect((12 * 358) / 640).toBeLessThan(7);
  });

  it("puts the labels above the bars on a phone and beside them where there is room", () => {
    expect(barChartLayout(358).labelAbove).toBe(true);
    expect(barChartLayout(704).labelAbove).toBe(false);
  });
});

describe("long Dutch words in headings and menus", () => {
  it("break between syllables, not mid-letter", () => {
    expect(withSoftHyphens("Samenwerkingsovereenkomst")).toBe("Samen\u00adwerkings\u00adovereen\u00adkomst");
    expect(withSoftHyphens("Bekijk de samenwerkingsovereenkomst")).toBe("Bekijk de samen\u00adwerkings\u00adovereen\u00adkomst");
    expect(withSoftHyphens("Sales contract")).toBe("Sales contract");
  });
});
