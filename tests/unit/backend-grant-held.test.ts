import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * Nobody grants more than they hold on the account (docs/api-people.md, user-management rules):
 * a user manager who is not the main user adds or changes a colleague only with permissions she
 * holds there herself; the main user and administrators hold the keys and are exempt.
 */
let backend: TestBackend;
let lotte: string;
beforeAll(async () => {
  backend = await startTestBackend();
  // FACTUREN, DOCUMENTEN and GEBRUIKERSBEHEER on 100001, not its main user.
  lotte = (await signIn(backend, "lotte.smit@example.com")).access_token;
});
afterAll(() => backend.close());

async function call(path: string, method: string, body: unknown, token = lotte): Promise<Response> {
  return fetch(`${backend.api}${path}?accountNumber=100001`, {
    method,
    headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
const person = (email: string, permissions: string[]) => ({ firstName: "Kim", lastName: "de Wit", email, phonenumber: "0612345678", permissions });

describe("granting what one holds", () => {
  it("refuses a new colleague with a permission she does not hold, and lets one through with hers", async () => {
    const refused = await call("/userpermissions/create-contact", "POST", person("kim.bonus@example.com", ["FACTUREN", "BONUS"]));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ statusCode: 2, errors: [{ field: "permissions", code: "permission_not_held" }] });
    expect((await call("/userpermissions/create-contact", "POST", person("kim.facturen@example.com", ["FACTUREN", "DOCUMENTEN"]))).status).toBe(200);
  });

  it("refuses adding to a colleague a permission she does not hold, but lets her take one away", async () => {
    const fatima = (await (await fetch(`${backend.api}/userpermissions/usr-0005?accountNumber=100001`, { headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${lotte}` } })).json()) as {
      firstName: string;
      lastName: string;
      phonenumber: string;
      permissions: string[];
    };
    const details = { firstName: fatima.firstName, lastName: fatima.lastName, phonenumber: "0612345678" };
    const unheld = ["HOOFDDATA", "BONUS", "SAMENWERKINGSOVEREENKOMST"].find((permission) => !fatima.permissions.includes(permission)) ?? "BONUS";
    const refused = await call("/userpermissions/update-contact/usr-0005", "PUT", { ...details, permissions: [...fatima.permissions, unheld] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ statusCode: 2, errors: [{ field: "permissions", code: "permission_not_held" }] });
    const kept = fatima.permissions.filter((permission) => permission === "FACTUREN" || permission === "DOCUMENTEN");
    const narrowed = await call("/userpermissions/update-contact/usr-0005", "PUT", { ...details, permissions: kept.length > 0 ? kept : ["FACTUREN"] });
    expect(narrowed.status, await narrowed.clone().text()).toBe(200);
  });

  it("leaves the main user free to grant anything assignable", async () => {
    const main = (await signIn(backend, "hoofdgebruiker@example.com")).access_token;
    expect((await call("/userpermissions/create-contact", "POST", person("kim.alles@example.com", ["BONUS", "HOOFDDATA"]), main)).status).toBe(200);
  });
});
