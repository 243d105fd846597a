import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountDetailsSchema } from "../../src/core/api/schemas/people.ts";
import { ActivityLogSchema } from "../../src/core/api/schemas/colleagues.ts";
import { AccountUpdateSchema } from "../../src/core/api/schemas/people-requests.ts";
import { maskIban } from "../../src/core/validation/iban.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/** The activity log (docs/api-people.md): a row per change to people, invitations and account details, append-only, 24 months. */
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await startTestBackend();
  token = (await signIn(backend, "hoofdgebruiker@example.com")).access_token;
});
afterAll(() => {
  clock.reset();
  return backend.close();
});

async function call(path: string, method = "GET", body?: unknown, accountNumber = "100002"): Promise<Response> {
  return fetch(`${backend.api}${path}?accountNumber=${accountNumber}`, {
    method,
    headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}
const log = async () => v.parse(ActivityLogSchema, await (await call("/activity")).json());

describe("activity log", () => {
  it("masks an IBAN but for its last four characters", () => {
    expect(maskIban("NL91ABNA0417164300")).toBe("•••• •••• •••• ••43 00");
    expect(maskIban("NL91 ABNA 0417 1643 00").endsWith("43 00")).toBe(true);
    expect(maskIban("NL91 ABNA 0417 1643 00")).not.toContain("ABNA");
  });

  it("records invitations, permission changes and removal with who, whom and when", async () => {
    const invited = (await (await call("/userpermissions/create-contact", "POST", { firstName: "Eva", lastName: "Log", email: "eva.log@example.com", phonenumber: "0612345678", permissions: ["FACTUREN"] })).json()) as { id: string };
    await call(`/userpermissions/invitations/${invited.id}/revoke`, "POST");
    await call(`/userpermissions/delete-contact/${invited.id}`, "DELETE");
    const rows = await log();
    expect(rows.slice(0, 3).map((row) => row.kind)).toEqual(["invitation_removed", "invitation_revoked", "invited"]);
    expect(rows[2]).toMatchObject({ accountNumber: "100002", subject: "Eva Log <eva.log@example.com>", newValue: "FACTUREN", actor: { id: "usr-0001", name: "Marleen de Vries <hoofdgebruiker@example.com>" } });
  });

  it("records an account detail change per field, the IBAN masked", async () => {
    const details = v.parse(AccountDetailsSchema, await (await call("/accounts/details")).json());
    // The editable fields only, as the account form sends them.
    const editable = Object.fromEntries(Object.keys(AccountUpdateSchema.entries).map((field) => [field, details[field as keyof typeof details]]));
    const saved = await call("/accounts", "PUT", { ...editable, ibanNumber: "NL91ABNA0417164300", emailinvoicecc: "boekhouding@zilverenanker.example" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const rows = (await log()).filter((row) => row.kind === "account_changed");
    const iban = rows.find((row) => row.field === "ibanNumber");
    expect(iban?.newValue).toBe(maskIban("NL91ABNA0417164300"));
    expect(JSON.stringify(rows)).not.toContain("ABNA");
    expect(rows.some((row) => row.field === "emailinvoicecc" && row.newValue === "boekhouding@zilverenanker.example")).toBe(true);
  });

  it("is append-only and kept 24 months", async () => {
    expect((await call("/activity", "DELETE")).status).toBe(405);
    expect((await call("/activity", "PUT", {})).status).toBe(405);
    const count = (await log()).length;
    expect(count).toBeGreaterThan(0);
    clock.advance(730 * 24 * 3600 * 1000 + 1000);
    expect(await log()).toEqual([]);
    clock.reset();
    expect(await log()).toHaveLength(count);
  });

  it("is for those who manage users", async () => {
    const theirs = (await signIn(backend, "facturen@example.com")).access_token;
    const refused = await fetch(`${backend.api}/activity?accountNumber=100001`, { headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${theirs}` } });
    expect(refused.status).toBe(403);
  });
});
