import { describe, expect, it } from "vitest";
import { AUTH_ERROR_TEXT, AuthError, toAuthError } from "../../src/core/auth/errors.ts";
import { userFromProfile } from "../../src/core/auth/user.ts";

const providerError = (error: string, extra: Record<string, unknown> = {}): Error =>
  Object.assign(new Error(String(extra["error_description"] ?? error)), { error, ...extra });

describe("auth error kinds", () => {
  it.each([
    ["login_required", "login_required"],
    ["consent_required", "consent_required"],
    ["interaction_required", "interaction_required"],
    ["account_selection_required", "account_selection_required"],
    ["access_denied", "access_denied"],
    ["missing_refresh_token", "missing_refresh_token"],
  ] as const)("maps the provider's %s", (code, kind) => {
    const error = toAuthError(providerError(code), "token_failed");
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(code);
  });

  it("keeps the mfa_token of mfa_required", () => {
    const error = toAuthError(providerError("mfa_required", { mfa_token: "mfa-123" }), "login_failed");
    expect(error.kind).toBe("mfa_required");
    expect(error.mfaToken).toBe("mfa-123");
  });

  it("recognises timeouts, a closed popup and a state mismatch", () => {
    expect(toAuthError(Object.assign(new Error("IFrame timed out without a response"), { name: "ErrorTimeout" }), "token_failed").kind).toBe("timeout");
    expect(toAuthError(new Error("Popup closed by user"), "login_failed").kind).toBe("popup_cancelled");
    const state = toAuthError(new Error("No matching state found in storage"), "login_failed");
    expect(state.kind).toBe("invalid_state");
    expect(state.message).toBe("Invalid state");
  });

  it("keeps an unknown provider code under the fallback kind", () => {
    const error = toAuthError(providerError("invalid_grant", { error_description: "grant request is invalid" }), "token_failed");
    expect(error).toMatchObject({ kind: "token_failed", code: "invalid_grant", message: "grant request is invalid" });
  });

  it("defaults to 'Login failed' / 'Get access token failed' with the request_error code", () => {
    expect(toAuthError({}, "login_failed")).toMatchObject({ message: "Login failed", code: "request_error" });
    expect(toAuthError(undefined, "token_failed")).toMatchObject({ message: "Get access token failed", code: "request_error" });
    expect(toAuthError(new TypeError("Failed to fetch"), "token_failed")).toMatchObject({ message: AUTH_ERROR_TEXT.fetchFailed, code: "request_error" });
  });

  it("passes an AuthError through unchanged", () => {
    const original = new AuthError("cross_origin_isolated", AUTH_ERROR_TEXT.crossOriginIsolated);
    expect(toAuthError(original, "token_failed")).toBe(original);
  });
});

describe("user from ID token claims", () => {
  const ns = "https://klantportaal.example/claims";
  it("reads name, e-mail, updated_at and the namespaced portal claims", () => {
    const user = userFromProfile(
      {
        sub: "u1",
        email: "jan@example.com",
        given_name: "Jan",
        family_name: "Jansen",
        updated_at: "2026-01-01T00:00:00.000Z",
        [ns]: { accountnumber: ["100001"], sitePermissions: [{ accountNumber: "100001", permissions: ["FACTUREN", "NOT_A_CODE"] }] },
      },
      ns,
    );
    expect(user).toEqual({
      sub: "u1",
      email: "jan@example.com",
      firstName: "Jan",
      lastName: "Jansen",
      name: "Jan Jansen",
      updatedAt: "2026-01-01T00:00:00.000Z",
      accountNumbers: ["100001"],
      sitePermissions: [{ accountNumber: "100001", permissions: ["FACTUREN"] }],
    });
  });

  it("holds no accounts or permissions when the namespace claim is missing or malformed", () => {
    expect(userFromProfile({ sub: "u2", email: "a@b.c" }, ns)).toMatchObject({ name: "a@b.c", accountNumbers: [], sitePermissions: [] });
    expect(userFromProfile({ sub: "u3", [ns]: { sitePermissions: "all" } }, ns)).toMatchObject({ accountNumbers: [], sitePermissions: [] });
  });
});
