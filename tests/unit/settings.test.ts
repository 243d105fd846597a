import { describe, expect, it } from "vitest";
import { parseRuntimeSettings, SettingsError } from "../../src/core/settings.ts";

const valid = {
  apiUrl: "http://localhost:4010",
  subscriptionKey: "key",
  auth: {
    domain: "http://localhost:4010/",
    clientId: "web",
    audience: "https://api",
    redirectUri: "http://localhost:4321/callback",
    claimNamespace: "https://claims",
  },
};

describe("runtime settings", () => {
  it("accepts filled-in settings and applies the defaults", () => {
    const settings = parseRuntimeSettings(valid);
    expect(settings.auth.expiryMarginSeconds).toBe(60);
    expect(settings.debug).toBe(false);
  });

  it("refuses to start while apiUrl is still a deploy placeholder", () => {
    expect(() => parseRuntimeSettings({ ...valid, apiUrl: "#{ApiUrl}#" })).toThrow(SettingsError);
    expect(() => parseRuntimeSettings({ ...valid, apiUrl: "#{ApiUrl}#" })).toThrow(/placeholder #\{ApiUrl\}#/);
  });

  it("names the missing field", () => {
    expect(() => parseRuntimeSettings({ ...valid, auth: { ...valid.auth, clientId: undefined } })).toThrow(
      /auth\.clientId/,
    );
  });
});
