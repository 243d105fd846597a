import { describe, expect, it } from "vitest";
import type { Account } from "../../src/core/api/schemas/people.ts";
import type { AuthUser } from "../../src/core/auth/user.ts";
import { guardView, type GuardInput } from "../../src/core/permissions/guard.ts";
import { AuthError } from "../../src/core/auth/errors.ts";

const user = { sub: "u", name: "U", email: "u@x", firstName: "", lastName: "", updatedAt: 1, accountNumbers: [], sitePermissions: [] } satisfies AuthUser;
const signedIn = { isLoading: false, isAuthenticated: true, user, error: undefined };
const ready = { status: "ready" as const, list: [{ accountnumber: "100001" } as Account] };
const base: GuardInput = { auth: signedIn, sessionExpired: false, accounts: ready, needsAccount: true, required: [], held: [] };

describe("private route guard", () => {
  it("waits while auth loads", () => {
    expect(guardView({ ...base, auth: { ...signedIn, isLoading: true } }).kind).toBe("loading");
  });
  it("sends an anonymous visitor to sign-in", () => {
    expect(guardView({ ...base, auth: { isLoading: false, isAuthenticated: false, user: undefined, error: undefined } }).kind).toBe("sign-in");
  });
  it("shows a sign-in failure instead of looping back to the provider", () => {
    const error = new AuthError("login_failed", "Login failed");
    expect(guardView({ ...base, auth: { isLoading: false, isAuthenticated: false, user: undefined, error } }).kind).toBe("auth-error");
  });
  it("waits for the accounts, then shows their error or absence", () => {
    expect(guardView({ ...base, accounts: { status: "loading", list: [] } }).kind).toBe("loading");
    expect(guardView({ ...base, accounts: { status: "error", list: [] } }).kind).toBe("accounts-error");
    expect(guardView({ ...base, accounts: { status: "ready", list: [] } }).kind).toBe("no-accounts");
  });
  it("needs no account on pages like consent", () => {
    expect(guardView({ ...base, needsAccount: false, accounts: { status: "idle", list: [] } }).kind).toBe("allowed");
  });
  it("allows a holder of one required permission, and an administrator", () => {
    expect(guardView({ ...base, required: ["FACTUREN"], held: ["FACTUREN"] }).kind).toBe("allowed");
    expect(guardView({ ...base, required: ["FACTUREN"], held: ["ADMINISTRATOR"] }).kind).toBe("allowed");
  });
  it("forbids a signed-in user without the route's permission", () => {
    expect(guardView({ ...base, required: ["FACTUREN"], held: ["BONUS"] }).kind).toBe("forbidden");
  });
  it("waits for a logout under way instead of starting a sign-in", () => {
    const signedOut = { isLoading: false, isAuthenticated: false, user: undefined, error: undefined };
    expect(guardView({ ...base, auth: signedOut, signingOut: true }).kind).toBe("loading");
  });
  it("keeps showing the page when the session expired under the user's hands", () => {
    const expired = { isLoading: false, isAuthenticated: false, user, error: undefined };
    expect(guardView({ ...base, auth: expired, sessionExpired: true }).kind).toBe("allowed");
  });
});
