import { describe, expect, it } from "vitest";
import { timeOfDay } from "../../src/core/content/opening-hours.ts";

describe("timeOfDay", () => {
  it("writes Dutch times with a point and no leading zero", () => {
    expect(timeOfDay("08:00", "nl")).toBe("8.00");
    expect(timeOfDay("18:30", "nl")).toBe("18.30");
    expect(timeOfDay("00:05", "nl")).toBe("0.05");
  });

  it("writes English times on the twelve-hour clock", () => {
    expect(timeOfDay("08:00", "en")).toBe("8:00 am");
    expect(timeOfDay("12:00", "en")).toBe("12:00 pm");
    expect(timeOfDay("18:30", "en")).toBe("6:30 pm");
    expect(timeOfDay("00:15", "en")).toBe("12:15 am");
  });
});
