import { describe, expect, it } from "vitest";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../src/core/auth/return-to.ts";

describe("returnTo sanitising", () => {
  it.each([
    ["/mijn-account/facturen?jaar=2024", "/mijn-account/facturen?jaar=2024"],
    ["/en/mijn-account/facturen#top", "/en/mijn-account/facturen#top"],
    ["/", "/"],
    ["/nieuws/../mijn-account", "/mijn-account"],
  ])("keeps the same-origin path %s", (raw, kept) => {
    expect(sanitizeReturnTo(raw)).toBe(kept);
  });

  it.each([
    ["//evil.example/x"],
    ["https://evil.example/"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["mijn-account"],
    [""],
    [null],
    [undefined],
  ])("falls back to the dashboard for %j", (raw) => {
    expect(sanitizeReturnTo(raw)).toBe(DASHBOARD_PATH);
  });
});
