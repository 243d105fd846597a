import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "../../src/core/api/client.ts";
import { ApiError } from "../../src/core/api/errors.ts";
import { loadAccountDetails, saveAccount } from "../../src/core/portal/account-api.ts";
import { accountFormValues, accountUpdateFrom } from "../../src/core/portal/account-form.ts";
import { loadContract, loadLatestInvoices } from "../../src/core/portal/dashboard.ts";
import { failureNotice } from "../../src/core/portal/user-outcomes.ts";
import { $inbox, $unreadCount, ensureInbox, openInboxItem, resetInbox } from "../../src/core/portal/inbox.ts";
import { loadProfile, saveProfile } from "../../src/core/portal/profile.ts";
import { createBody, updateBody } from "../../src/core/portal/user-form.ts";
import { usersApi } from "../../src/core/portal/users-api.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/** The portal's calls against the stand-in: the same schemas, the same guards, the inbox store. */

let backend: TestBackend;
const clients = new Map<string, ApiClient>();

async function clientFor(email: string, password?: string): Promise<ApiClient> {
  const known = clients.get(email);
  if (known) return known;
  const tokens = await signIn(backend, email, password);
  const client = createApiClient({
    apiUrl: backend.url,
    subscriptionKey: backend.key,
    accessToken: async (rejected) => (rejected ? undefined : tokens.access_token),
    onConsentRequired: () => undefined,
    retryLimit: 0,
  });
  clients.set(email, client);
  return client;
}

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});

describe("inbox store", () => {
  let stopShowing = (): void => undefined;
  beforeEach(() => resetInbox());
  afterEach(() => stopShowing());

  /** Shows the inbox (as an island does), asks for it, and waits until it is no longer loading. */
  function shown(api: ApiClient, accountNumber: string, lang: "nl" | "en"): Promise<void> {
    stopShowing();
    stopShowing = $unreadCount.listen(() => undefined);
    ensureInbox(api, accountNumber, lang);
    return new Promise((resolve) => {
      const off = $inbox.subscribe((state) => {
        if (state.status === "loading") return;
        queueMicrotask(() => off());
        resolve();
      });
    });
  }

  it("loads the account's notifications and lowers the unread count when one is opened", async () => {
    const api = await clientFor("hoofdgebruiker@example.com");
    await shown(api, "100001", "en");
    const before = $inbox.get();
    if (before.status !== "ready") throw new Error(`the inbox is ${before.status}`);
    expect(before.data.items).toHaveLength(6);
    expect($unreadCount.get()).toBe(3);
    const unread = before.data.items.find((item) => !item.read);
    if (!unread) throw new Error("no unread notification");
    const opened = await openInboxItem(api, "100001", unread.guid, "en");
    expect(opened?.read).toBe(true);
    expect($unreadCount.get()).toBe(2);
    // Opening it again changes nothing.
    await openInboxItem(api, "100001", unread.guid, "en");
    expect($unreadCount.get()).toBe(2);
    await shown(api, "100001", "nl");
    expect($unreadCount.get()).toBe(2);
  });

  it("marks the store as failed when the API cannot be reached", async () => {
    const api = createApiClient({
      apiUrl: "http://127.0.0.1:9",
      subscriptionKey: "x",
      accessToken: async () => undefined,
      onConsentRequired: () => undefined,
      retryLimit: 0,
    });
    await shown(api, "100001", "nl");
    expect($inbox.get().status).toBe("error");
  });
});

describe("dashboard calls", () => {
  it("reads the latest invoices with the totals, and the contract or its absence", async () => {
    const api = await clientFor("hoofdgebruiker@example.com");
    const invoices = await loadLatestInvoices(api, "100001");
    expect(invoices?.items).toHaveLength(5);
    expect(invoices?.totals.open).toBeGreaterThanOrEqual(0);
    expect((await loadContract(api, "100001", "nl")).contract?.salescontractnumber).toBe("SWO-2024-0117");
    expect((await loadContract(api, "100002", "nl")).contract).toBeNull();
  });

  it("without SAMENWERKINGSOVEREENKOMST the contract call throws rather than saying 'no contract'", async () => {
    const api = await clientFor("facturen@example.com");
    expect(await loadLatestInvoices(api, "100001")).not.toBeNull();
    await expect(loadContract(api, "100001", "nl")).rejects.toBeInstanceOf(ApiError);
  });
});

describe("account details", () => {
  it("strips the contract without SAMENWERKINGSOVEREENKOMST and saves what the form sends", async () => {
    const facturen = await clientFor("facturen@example.com");
    const details = await loadAccountDetails(facturen, "100001", "nl");
    expect(details && "salescontract" in details).toBe(false);
    await expect(saveAccount(facturen, "100001", accountUpdateFrom(accountFormValues(details ?? never())))).rejects.toBeInstanceOf(ApiError);

    const main = await clientFor("hoofdgebruiker@example.com");
    const full = (await loadAccountDetails(main, "100002", "nl")) ?? never();
    // 100002 has no sales contract: the details say so the way the contract call does.
    expect(full.salescontract).toBeNull();
    const values = { ...accountFormValues(full), hasDifferentPostAddress: true, postalboxaddress: true, postalBoxNumber: "12", address2postalcode: "2000aa", address2city: "Haarlem" };
    const saved = await saveAccount(main, "100002", accountUpdateFrom(values));
    expect(saved.address2postalcode).toBe("2000 AA");
    expect((await loadAccountDetails(main, "100002", "nl"))?.postalBoxNumber).toBe("12");
  });

  it("keeps the telephone number as the same number in one normal form, shown as a Dutch reader writes it", async () => {
    const main = await clientFor("hoofdgebruiker@example.com");
    const before = (await loadAccountDetails(main, "100001", "nl")) ?? never();
    expect(before.telephone).toBe("+31302345678");
    expect(accountFormValues(before).telephone).toBe("030 234 5678");
    for (const typed of ["+31 30 234 5678", "030-2345678"]) {
      const saved = await saveAccount(main, "100001", accountUpdateFrom({ ...accountFormValues(before), telephone: typed }));
      expect(saved.telephone, typed).toBe("+31302345678");
    }
    // Saving the form unchanged changes nothing either.
    const again = (await loadAccountDetails(main, "100001", "nl")) ?? never();
    expect((await saveAccount(main, "100001", accountUpdateFrom(accountFormValues(again)))).telephone).toBe("+31302345678");
  });
});

describe("contact persons", () => {
  it("come with their job titles in the page's language", async () => {
    const main = await clientFor("hoofdgebruiker@example.com");
    expect((await loadAccountDetails(main, "100001", "en"))?.accountmanager?.title).toBe("Account manager, hospitality");
    expect((await loadAccountDetails(main, "100001", "nl"))?.accountmanager?.title).toBe("Accountmanager horeca");
  });
});

describe("own profile", () => {
  it("loads and saves the name and phone; a refused phone comes back as a field error", async () => {
    const api = await clientFor("facturen@example.com");
    const profile = (await loadProfile(api)) ?? never();
    expect(profile.email).toBe("facturen@example.com");
    const saved = await saveProfile(api, { firstName: "Jeroen", lastName: "Bakker", phonenumber: "020 123 4567" });
    expect(saved.phonenumber).toBe("+31201234567");
    const refused = await saveProfile(api, { firstName: "Jeroen", lastName: "Bakker", phonenumber: "12" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).validation?.errors).toEqual([{ field: "phonenumber", code: "phone" }]);
  });
});

describe("user management", () => {
  it("invites a user, resends and revokes the invitation, removes it, and edits a person on the account", async () => {
    const api = await clientFor("hoofdgebruiker@example.com");
    const calls = usersApi(api, "100002");
    const catalogue = (await calls.catalogue()) ?? never();
    expect(catalogue.map((entry) => entry.code)).toContain("GEBRUIKERSBEHEER");
    const created = await calls.create(createBody({ firstName: "Eva", lastName: "Kok", email: "Eva.Kok@Example.com", phonenumber: "06-12345678", permissions: ["FACTUREN"] }));
    expect(created).toMatchObject({ email: "eva.kok@example.com", state: "invited", permissions: ["FACTUREN"] });
    const duplicate = await calls.create(createBody({ firstName: "Eva", lastName: "Kok", email: "eva.kok@example.com", phonenumber: "0612345678", permissions: ["BONUS"] })).catch((error: unknown) => error);
    expect(failureNotice("create", duplicate).message).toBe("validation.already_invited");
    expect((await calls.resend(created.id)).state).toBe("invited");
    expect((await calls.revoke(created.id)).state).toBe("revoked");
    expect(await calls.remove(created.id)).toEqual({ id: created.id });
    expect((await calls.related())?.some((contact) => contact.id === created.id)).toBe(false);

    const marleen = (await calls.related())?.find((contact) => contact.isMainUser) ?? never();
    const edited = await calls.update(marleen.id, updateBody({ ...marleen, phonenumber: "0612345678" }, marleen));
    expect(edited).toMatchObject({ state: "active", phonenumber: "+31612345678" });
  });

  it("refuses removing oneself and taking away one's own user management, with codes the form shows", async () => {
    const api = await clientFor("hoofdgebruiker@example.com");
    const calls = usersApi(api, "100002");
    const self = (await loadProfile(api)) ?? never();
    const removal = await calls.remove(self.id).catch((error: unknown) => error);
    expect(failureNotice("remove", removal).message).toBe("validation.self_delete");
    const me = ((await calls.related()) ?? never()).find((contact) => contact.id === self.id) ?? never();
    const demotion = await calls.update(me.id, updateBody({ firstName: me.firstName, lastName: me.lastName, email: me.email, phonenumber: me.phonenumber, permissions: ["FACTUREN"] }, me)).catch((error: unknown) => error);
    expect(failureNotice("edit", demotion).message).toBe("validation.own_user_management");
  });

  it("is refused without GEBRUIKERSBEHEER (null, so the page shows 'not for you')", async () => {
    const api = await clientFor("facturen@example.com");
    expect(await usersApi(api, "100001").related()).toBeNull();
  });
});

function never(): never {
  throw new Error("expected a value");
}
