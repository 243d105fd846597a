import { describe, expect, it } from "vitest";
import { placeMenu } from "../../src/core/portal/menu-placement.ts";

const phone = { width: 320, height: 640 };
const menu = { width: 220, height: 160 };

describe("placeMenu", () => {
  it("opens below the button, its right edge on the button's", () => {
    expect(placeMenu({ top: 100, right: 300, bottom: 140, left: 260 }, menu, phone)).toEqual({ top: 144, left: 80 });
  });

  it("opens above when there is no room below", () => {
    expect(placeMenu({ top: 560, right: 300, bottom: 600, left: 260 }, menu, phone)).toEqual({ top: 396, left: 80 });
  });

  it("stays inside a narrow screen on both sides", () => {
    expect(placeMenu({ top: 100, right: 120, bottom: 140, left: 20 }, menu, phone).left).toBe(8);
    expect(placeMenu({ top: 100, right: 400, bottom: 140, left: 360 }, menu, phone).left).toBe(92);
    expect(placeMenu({ top: 100, right: 300, bottom: 140, left: 260 }, { width: 400, height: 160 }, phone).left).toBe(8);
  });

  it("keeps a menu taller than the room on either side inside the screen", () => {
    const place = placeMenu({ top: 200, right: 300, bottom: 240, left: 260 }, { width: 220, height: 600 }, phone);
    expect(place.top).toBe(32);
    expect(place.top + 600).toBeLessThanOrEqual(phone.height - 8);
  });
});
