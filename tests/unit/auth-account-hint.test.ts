import { describe, expect, it } from "vitest";
import { accountHint, preselectAccount } from "../../src/core/auth/account-hint.ts";
import { SELECTED_ACCOUNT_KEY } from "../../src/core/auth/private-storage.ts";
import { chooseAccount } from "../../src/core/stores/selected-account.ts";

/** After accepting an invitation the provider sends the person to /inloggen?account=<invited account>. */
describe("the account hint of a sign-in link", () => {
  it("reads an account number, and nothing else", () => {
    expect(accountHint("?account=100002")).toBe("100002");
    expect(accountHint("?returnTo=%2Fmijn-account%2Ffacturen&account=100003")).toBe("100003");
    for (const search of ["", "?account=", "?account=abc", "?account=100002%3Cscript%3E", "?account=1".padEnd(40, "1")]) {
      expect(accountHint(search), search).toBeUndefined();
    }
  });

  it("becomes the stored choice, which opens only an account of the person's own", () => {
    const stored = new Map<string, string>();
    preselectAccount("?account=100002", { setItem: (key, value) => void stored.set(key, value) });
    expect(stored.get(SELECTED_ACCOUNT_KEY)).toBe("100002");
    const own = [{ accountnumber: "100001" }, { accountnumber: "100002" }];
    expect(chooseAccount(own, stored.get(SELECTED_ACCOUNT_KEY), ["100001"])).toBe("100002");
    // A hint to an account that is not theirs changes nothing.
    expect(chooseAccount(own, "999999", ["100001"])).toBe("100001");
  });

  it("leaves the stored choice alone without a hint", () => {
    const stored = new Map<string, string>([[SELECTED_ACCOUNT_KEY, "100001"]]);
    preselectAccount("?returnTo=%2Fmijn-account%2Fdashboard", { setItem: (key, value) => void stored.set(key, value) });
    expect(stored.get(SELECTED_ACCOUNT_KEY)).toBe("100001");
  });
});
