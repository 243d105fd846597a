import { describe, expect, it } from "vitest";
import { canResend, canRevoke, INVITATION_LIFETIME_MS, invitationState, linkOutcome } from "../../src/core/permissions/invitations.ts";
import { formatMoment, invitationActions, stateFacts } from "../../src/core/portal/person-state.ts";
import type { RelatedContact } from "../../src/core/api/schemas/colleagues.ts";

/** The invitation rule (src/core/permissions/invitations.ts) the stand-in enforces and the users screen reads. */
const sent = 1_000_000;
const open = { expiresAt: sent + INVITATION_LIFETIME_MS, acceptedAt: null, revokedAt: null };

describe("invitation states", () => {
  it("is invited for exactly seven days, then expired", () => {
    expect(INVITATION_LIFETIME_MS).toBe(7 * 24 * 3600 * 1000);
    expect(invitationState(open, sent + INVITATION_LIFETIME_MS - 1)).toBe("invited");
    expect(invitationState(open, sent + INVITATION_LIFETIME_MS)).toBe("expired");
  });

  it("accepted wins over revoked and expired; revoked over expired", () => {
    expect(invitationState({ ...open, acceptedAt: sent, revokedAt: sent }, sent * 10)).toBe("active");
    expect(invitationState({ ...open, revokedAt: sent }, sent * 10)).toBe("revoked");
  });

  it("says why a link does not open: used, revoked, replaced, expired, unknown", () => {
    expect(linkOutcome(open, false, sent)).toBe("open");
    expect(linkOutcome(open, true, sent)).toBe("replaced");
    expect(linkOutcome({ ...open, acceptedAt: sent }, true, sent)).toBe("used");
    expect(linkOutcome({ ...open, revokedAt: sent }, false, sent)).toBe("revoked");
    expect(linkOutcome(open, false, open.expiresAt)).toBe("expired");
    expect(linkOutcome(undefined, false, sent)).toBe("unknown");
  });

  it("resends what is not accepted yet, revokes only what still runs", () => {
    expect([canResend("invited"), canResend("expired"), canResend("revoked"), canResend("active")]).toEqual([true, true, true, false]);
    expect([canRevoke("invited"), canRevoke("expired"), canRevoke("revoked"), canRevoke("active")]).toEqual([true, false, false, false]);
  });
});

describe("the users screen's state lines", () => {
  const person = (fields: Partial<RelatedContact>): RelatedContact => ({
    id: "usr-1", firstName: "E", lastName: "K", email: "e@example.com", phonenumber: "+31612345678", permissions: ["FACTUREN"], isMainUser: false,
    state: "active", invitedAt: null, acceptedAt: null, lastSignInAt: null, deactivatedAt: null, otherAccounts: [], ...fields,
  });

  it("shows sent for an invitation (or not sent), and sent, accepted and last sign-in for a person", () => {
    expect(stateFacts(person({ state: "invited", invitedAt: "2026-11-27T10:00:00.000Z" }))).toEqual([{ label: "portal.users.invitedAt", at: "2026-11-27T10:00:00.000Z" }]);
    expect(stateFacts(person({ state: "expired" }))).toEqual([{ label: "portal.users.notSent" }]);
    expect(stateFacts(person({ invitedAt: "2026-11-01T10:00:00.000Z", acceptedAt: "2026-11-02T10:00:00.000Z" })).map((fact) => fact.label)).toEqual([
      "portal.users.invitedAt",
      "portal.users.acceptedAt",
      "portal.users.neverSignedIn",
    ]);
    expect(invitationActions(person({ state: "invited" }))).toEqual({ resend: true, revoke: true });
    expect(invitationActions(person({ state: "active" }))).toEqual({ resend: false, revoke: false });
  });

  it("writes times in the Netherlands' zone, whatever the machine's", () => {
    expect(formatMoment("2026-07-01T22:30:00.000Z", "nl")).toBe("2 jul 2026, 00:30");
    expect(formatMoment("2026-01-01T22:30:00.000Z", "en")).toBe("Jan 1, 2026, 11:30 PM");
  });
});
