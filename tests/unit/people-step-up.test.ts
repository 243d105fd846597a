import { describe, expect, it } from "vitest";
import {
  signInIsFresh,
  stepUpFieldsChanged,
  STEP_UP_MAX_AGE_SECONDS,
} from "../../src/core/permissions/step-up.ts";
import { accountFormValues } from "../../src/core/portal/account-form.ts";
import {
  keepStepUpDraft,
  STEP_UP_DRAFT_KEY,
  STEP_UP_DRAFT_MAX_AGE_MS,
  takeStepUpDraft,
} from "../../src/core/portal/step-up-draft.ts";
import { maskEmail } from "../../src/core/validation/email.ts";
import { accountFixture } from "./support/accounts.ts";

/** The step-up rule for money changes (src/core/permissions/step-up.ts) and the form's kept values. */
describe("signInIsFresh", () => {
  const signedInAt = 1_800_000_000;
  it("passes a sign-in of just now and one of exactly five minutes ago", () => {
    expect(STEP_UP_MAX_AGE_SECONDS).toBe(300);
    expect(signInIsFresh(signedInAt, signedInAt)).toBe(true);
    expect(signInIsFresh(signedInAt, signedInAt + 300)).toBe(true);
  });
  it("refuses one of five minutes and one second ago", () => {
    expect(signInIsFresh(signedInAt, signedInAt + 301)).toBe(false);
  });
  it("refuses a token without auth_time", () => {
    expect(signInIsFresh(undefined, signedInAt)).toBe(false);
    expect(signInIsFresh(Number.NaN, signedInAt)).toBe(false);
  });
});

describe("stepUpFieldsChanged", () => {
  const stored = {
    ...accountFixture("100001"),
    ibanNumber: "NL91 ABNA 0417 1643 00",
    emailinvoicecc: "kopie@example.com",
  };
  it("names the IBAN and the invoice addresses that changed, in a fixed order", () => {
    expect(
      stepUpFieldsChanged(stored, {
        ibanNumber: "NL69INGB0006541234",
        emailaddress1: "info@example.com",
        emailinvoicecc: "ander@example.com",
      }),
    ).toEqual(["ibanNumber", "emailinvoicecc"]);
    expect(
      stepUpFieldsChanged(stored, {
        ibanNumber: stored.ibanNumber,
        emailaddress1: "factuur@example.com",
        emailinvoicecc: null,
      }),
    ).toEqual(["emailaddress1", "emailinvoicecc"]);
  });
  it("takes the same value written differently as no change", () => {
    expect(
      stepUpFieldsChanged(stored, {
        ibanNumber: "nl91abna0417164300",
        emailaddress1: " INFO@example.com",
        emailinvoicecc: "Kopie@Example.com",
      }),
    ).toEqual([]);
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("Boekhouding@degoudenleeuw.example")).toBe("b••••••••••@degoudenleeuw.example");
    expect(maskEmail("a@b.nl")).toBe("a•••@b.nl");
    expect(maskEmail("geen-adres")).not.toContain("geen");
  });
});

describe("the form's values kept while signing in again", () => {
  const current = accountFormValues({
    ...accountFixture("100001"),
    accountmanager: null,
    salesSupport: null,
  });
  const typed = { ...current, ibanNumber: "NL69 INGB 0006 5412 34", emailinvoice: false };
  const memory = (): Storage => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
  };

  it("gives them back once, to the same person on the same account", () => {
    const storage = memory();
    keepStepUpDraft(storage, { sub: "usr-1", accountNumber: "100001", savedAt: 1000, values: typed });
    expect(takeStepUpDraft(storage, "usr-1", "100001", 2000, current)).toEqual(typed);
    expect(storage.getItem(STEP_UP_DRAFT_KEY)).toBeNull();
    expect(takeStepUpDraft(storage, "usr-1", "100001", 2000, current)).toBeUndefined();
  });

  it("drops them for another person, another account or after a quarter of an hour", () => {
    for (const [sub, account, at] of [
      ["usr-2", "100001", 2000],
      ["usr-1", "100002", 2000],
      ["usr-1", "100001", 1000 + STEP_UP_DRAFT_MAX_AGE_MS + 1],
    ] as const) {
      const storage = memory();
      keepStepUpDraft(storage, { sub: "usr-1", accountNumber: "100001", savedAt: 1000, values: typed });
      expect(takeStepUpDraft(storage, sub, account, at, current)).toBeUndefined();
      expect(storage.getItem(STEP_UP_DRAFT_KEY)).toBeNull();
    }
  });

  it("takes only the form's own fields with their own types", () => {
    const storage = memory();
    storage.setItem(
      STEP_UP_DRAFT_KEY,
      JSON.stringify({
        sub: "usr-1",
        accountNumber: "100001",
        savedAt: 1000,
        values: { ibanNumber: "NL69INGB0006541234", emailinvoice: "yes", extra: "x" },
      }),
    );
    const restored = takeStepUpDraft(storage, "usr-1", "100001", 2000, current);
    expect(restored).toEqual({ ...current, ibanNumber: "NL69INGB0006541234" });
  });
});
