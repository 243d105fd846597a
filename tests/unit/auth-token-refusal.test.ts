import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ErrorResponse, ErrorTimeout } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { isTokenRefusal } from "../../src/core/auth/token-refusal.ts";

/** The library's own ID token refusals, as it words them in its shipped code. */
const LIBRARY_REFUSALS = [
  "nonce in id_token does not match nonce in client storage",
  "sub in id_token does not match current sub",
  "auth_time in id_token does not match original auth_time",
  "azp in id_token does not match original azp",
  "azp not in id_token, but present in original id_token",
  "ID Token is missing a subject claim",
];
const require = createRequire(import.meta.url);
const librarySource = readFileSync(require.resolve("oidc-client-ts"), "utf8");
const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

describe("which failures mean a received ID token was refused", () => {
  it("the library's ID token checks, worded as the installed version words them", () => {
    for (const message of LIBRARY_REFUSALS) {
      expect(librarySource, message).toContain(`"${message}"`);
      expect(isTokenRefusal(new Error(message)), message).toBe(true);
    }
  });

  it("a token the library cannot decode, and our own checks", () => {
    expect(isTokenRefusal(named("InvalidTokenError", "Invalid token specified: missing part #2"))).toBe(true);
    expect(isTokenRefusal(named("IdTokenError", 'ID token refused: unexpected "iss" claim value'))).toBe(true);
  });

  it("not the provider's error answers, timeouts, the network or a stale sign-in attempt", () => {
    expect(isTokenRefusal(new ErrorResponse({ error: "invalid_grant", error_description: "grant request is invalid" }))).toBe(false);
    expect(isTokenRefusal(new ErrorResponse({ error: "login_required", error_description: "id_token hint" }))).toBe(false);
    expect(isTokenRefusal(new ErrorTimeout("Frame window timed out"))).toBe(false);
    expect(isTokenRefusal(new TypeError("Failed to fetch"))).toBe(false);
    expect(isTokenRefusal(new Error("Internal Server Error (500)"))).toBe(false);
    expect(isTokenRefusal(new Error("No matching state found in storage"))).toBe(false);
    expect(isTokenRefusal("id_token")).toBe(false);
  });
});
