import http from "node:http";
import type { AddressInfo } from "node:net";
import { cleanTestStorage, getTestStorage, useTestStorageEngine as installTestStorage } from "@nanostores/persistent";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/core/api/client.ts";
import type { AuthUser } from "../../src/core/auth/user.ts";
import { $accounts, loadAccounts, resetAccounts } from "../../src/core/stores/accounts.ts";
import { $auth } from "../../src/core/stores/auth.ts";
import {
  $permissions,
  $selectedAccount,
  $storedAccount,
  chooseAccount,
  clearSelectedAccount,
  rememberInitialChoice,
  selectAccount,
  setReload,
} from "../../src/core/stores/selected-account.ts";
import { accountFixture } from "./support/accounts.ts";

installTestStorage();

const account = accountFixture;

describe("initial account choice", () => {
  const accounts = [account("100001"), account("100002"), account("100003")];
  it("takes the stored value when it is one of the user's accounts", () => {
    expect(chooseAccount(accounts, "100003", ["100002"])).toBe("100003");
  });
  it("else the account matching the user's first account number", () => {
    expect(chooseAccount(accounts, "999999", ["100002", "100001"])).toBe("100002");
    expect(chooseAccount(accounts, undefined, ["100002"])).toBe("100002");
  });
  it("else the first account", () => {
    expect(chooseAccount(accounts, undefined, ["555555"])).toBe("100001");
    expect(chooseAccount(accounts, undefined, [])).toBe("100001");
  });
  it("has nothing to choose without accounts", () => {
    expect(chooseAccount([], "100001", ["100001"])).toBeUndefined();
  });
});

/** A local API answering GET /accounts with the reply a test sets (or dropping the connection). */
let server: http.Server;
let reply: { status: number; body: string } | "drop" = { status: 200, body: "[]" };
let consent = 0;
const api = () =>
  createApiClient({
    apiUrl: `http://localhost:${(server.address() as AddressInfo).port}`,
    subscriptionKey: "k",
    accessToken: (rejected) => Promise.resolve(rejected ? undefined : "t"),
    onConsentRequired: () => (consent += 1),
    retryLimit: 0,
  });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (reply === "drop") {
      req.socket.destroy();
      return;
    }
    res.statusCode = reply.status;
    res.setHeader("content-type", "application/json");
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const user: AuthUser = {
  sub: "u1",
  name: "Jan",
  email: "jan@example.com",
  firstName: "Jan",
  lastName: "",
  updatedAt: 1,
  accountNumbers: ["100002"],
  sitePermissions: [
    { accountNumber: "100001", permissions: ["FACTUREN"] },
    { accountNumber: "100002", permissions: ["BONUS"] },
  ],
};

describe("selected account store", () => {
  let reloads = 0;
  beforeEach(() => {
    cleanTestStorage();
    $storedAccount.set(undefined);
    reloads = 0;
    setReload(() => (reloads += 1));
    $auth.set({ isLoading: false, isAuthenticated: true, user, error: undefined });
  });
  beforeEach(async () => {
    reply = { status: 200, body: JSON.stringify([account("100001"), account("100002")]) };
    await loadAccounts(api());
    expect($accounts.get().status).toBe("ready");
  });

  it("is undefined until the accounts are known", () => {
    resetAccounts();
    expect($selectedAccount.get()).toBeUndefined();
  });

  it("resolves the initial choice and reads the permissions of that account", () => {
    expect($selectedAccount.get()).toBe("100002");
    expect($permissions.get()).toEqual(["BONUS"]);
  });

  it("saves the initial choice under the key selectedAccount as a plain string", () => {
    rememberInitialChoice();
    expect(getTestStorage()).toEqual({ selectedAccount: "100002" });
  });

  it("switching to another account saves it and reloads the page", () => {
    selectAccount("100001");
    expect(getTestStorage()["selectedAccount"]).toBe("100001");
    expect(reloads).toBe(1);
    expect($selectedAccount.get()).toBe("100001");
    expect($permissions.get()).toEqual(["FACTUREN"]);
  });

  it("choosing the current account again does nothing", () => {
    selectAccount("100002");
    expect(reloads).toBe(0);
  });

  it("logout clears the choice", () => {
    selectAccount("100001");
    clearSelectedAccount();
    expect(getTestStorage()["selectedAccount"]).toBeUndefined();
    expect($selectedAccount.get()).toBe("100002");
  });
});

describe("loading the accounts", () => {
  beforeEach(() => {
    resetAccounts();
    consent = 0;
  });

  it("fills the list from a 200", async () => {
    reply = { status: 200, body: JSON.stringify([account("100001")]) };
    await loadAccounts(api());
    expect($accounts.get().status).toBe("ready");
    expect($accounts.get().list.map((a) => a.accountnumber)).toEqual(["100001"]);
  });

  it("gives an empty list for a null body", async () => {
    reply = { status: 200, body: "null" };
    await loadAccounts(api());
    expect($accounts.get()).toEqual({ status: "ready", list: [] });
  });

  it("gives an empty list for a non-200 status", async () => {
    reply = { status: 500, body: '{"statusCode":500}' };
    await loadAccounts(api());
    expect($accounts.get()).toEqual({ status: "ready", list: [] });
  });

  it("goes to consent first on a 403 with statusCode 1", async () => {
    reply = { status: 403, body: '{"statusCode":1}' };
    await loadAccounts(api());
    expect(consent).toBe(1);
    expect($accounts.get()).toEqual({ status: "ready", list: [] });
  });

  it("sets the error flag on a network failure", async () => {
    reply = "drop";
    await loadAccounts(api());
    expect($accounts.get()).toEqual({ status: "error", list: [] });
  });

  it("sets the error flag on a body that breaks the contract", async () => {
    reply = { status: 200, body: '[{"accountnumber":1}]' };
    await loadAccounts(api());
    expect($accounts.get().status).toBe("error");
  });
});
