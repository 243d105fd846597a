import { describe, expect, it } from "vitest";
import { groupLinkOutcome, INVITATION_LIFETIME_MS } from "../../src/core/permissions/invitations.ts";
import { combinedRefusal, grantRefusal, resolveGrants, type GrantContext } from "../../src/core/permissions/outlet-grants.ts";

/** An invitation to several outlets: each account checked on its own, all or nothing (src/core/permissions/outlet-grants.ts). */
const main = { id: "main", permissions: ["GEBRUIKERSBEHEER", "FACTUREN", "DOCUMENTEN"] as const, isMainUser: true };
const delegate = { id: "lotte", permissions: ["GEBRUIKERSBEHEER", "FACTUREN"] as const, isMainUser: false };
const context = (extra: Partial<GrantContext> = {}): GrantContext => ({ manages: true, actor: { ...main, permissions: [...main.permissions] }, linked: false, invited: false, ...extra });

describe("the accounts of an invitation", () => {
  it("are the request's account alone without grants, else each grant with its own choice or the shared one", () => {
    expect(resolveGrants({ role: "BOOKKEEPER", permissions: ["FACTUREN", "DOCUMENTEN"] }, "100001")).toEqual([{ accountNumber: "100001", role: "BOOKKEEPER", permissions: ["FACTUREN", "DOCUMENTEN"] }]);
    expect(
      resolveGrants({ role: "CUSTOM", permissions: ["FACTUREN", "FACTUREN"], grants: [{ accountNumber: "100002" }, { accountNumber: "100003", role: "STAFF", permissions: [] }] }, "100001"),
    ).toEqual([
      { accountNumber: "100002", role: "CUSTOM", permissions: ["FACTUREN"] },
      { accountNumber: "100003", role: "STAFF", permissions: [] },
    ]);
  });
});

describe("each account's refusal", () => {
  const grant = { accountNumber: "100002", role: undefined, permissions: ["DOCUMENTEN" as const] };
  it("names the account in an invitation to several, keeps the old fields for one", () => {
    expect(grantRefusal(grant, context({ manages: false }), true)).toEqual({ code: "account_not_managed", field: "grants.100002", status: 403 });
    expect(grantRefusal(grant, context({ actor: { ...delegate, permissions: [...delegate.permissions] } }), true)).toEqual({ code: "permission_not_held", field: "grants.100002", status: 403 });
    expect(grantRefusal(grant, context({ actor: { ...delegate, permissions: [...delegate.permissions] } }), false)).toEqual({ code: "permission_not_held", field: "permissions", status: 403 });
    expect(grantRefusal(grant, context({ linked: true }), true)).toEqual({ code: "already_linked", field: "grants.100002", status: 400 });
    expect(grantRefusal(grant, context({ invited: true }), false)).toEqual({ code: "already_invited", field: "email", status: 400 });
    expect(grantRefusal({ ...grant, role: "BOOKKEEPER" }, context(), true)).toEqual({ code: "role_permissions", field: "grants.100002", status: 400 });
    expect(grantRefusal(grant, context(), true)).toBeUndefined();
  });

  it("all or nothing: a 403 anywhere answers 403 with those, else 400 with every other", () => {
    const forbidden = { code: "permission_not_held", field: "grants.100002", status: 403 } as const;
    const linked = { code: "already_linked", field: "grants.100001", status: 400 } as const;
    expect(combinedRefusal([undefined, undefined])).toBeUndefined();
    expect(combinedRefusal([linked, forbidden])).toEqual({ status: 403, errors: [{ field: "grants.100002", code: "permission_not_held" }] });
    expect(combinedRefusal([linked, undefined])).toEqual({ status: 400, errors: [{ field: "grants.100001", code: "already_linked" }] });
  });
});

describe("a group's link", () => {
  const now = 1_000_000;
  const running = { expiresAt: now + INVITATION_LIFETIME_MS, acceptedAt: null, revokedAt: null };
  it("opens while any of its invitations runs, else says the most telling reason", () => {
    expect(groupLinkOutcome([{ ...running, revokedAt: now }, running], false, now)).toBe("open");
    expect(groupLinkOutcome([running, running], true, now)).toBe("replaced");
    expect(groupLinkOutcome([{ ...running, acceptedAt: now }, { ...running, revokedAt: now }], false, now)).toBe("used");
    expect(groupLinkOutcome([{ ...running, revokedAt: now }, { ...running, expiresAt: now }], false, now)).toBe("expired");
    expect(groupLinkOutcome([{ ...running, revokedAt: now }], false, now)).toBe("revoked");
    expect(groupLinkOutcome([], false, now)).toBe("unknown");
  });
});
