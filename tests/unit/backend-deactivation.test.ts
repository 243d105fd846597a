import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { RelatedContactSchema, RelatedContactsSchema } from "../../src/core/api/schemas/colleagues.ts";
import { deactivationRefusal, type Member } from "../../src/core/permissions/user-management.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { refreshTokens, signIn, startAuthorization, submitLogin, TokenError, type Tokens } from "./support/tokens.ts";

/**
 * Deactivate instead of delete (docs/api-people.md): no sign-in, no renewal of a session, the API
 * refuses at once; the person stays listed with their history and can be reactivated.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const MAIN = "hoofdgebruiker@example.com";
const FATIMA = { email: "fatima.elamrani@example.com", id: "usr-0005" };

async function call(token: string, path: string, method = "GET", accountNumber = "100001"): Promise<Response> {
  return fetch(`${backend.api}${path}?accountNumber=${accountNumber}`, {
    method,
    headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}` },
  });
}

describe("deactivation", () => {
  it("ends sign-in, renewal and API access at once, keeps the person listed, and reactivation gives it back", async () => {
    const main = (await signIn(backend, MAIN)).access_token;
    const theirs: Tokens = await signIn(backend, FATIMA.email);
    expect((await call(theirs.access_token, "/documents")).status).toBe(200);

    const deactivated = await call(main, `/userpermissions/deactivate/${FATIMA.id}`, "POST");
    expect(v.parse(RelatedContactSchema, await deactivated.json())).toMatchObject({ state: "deactivated", permissions: ["BONUS", "DOCUMENTEN"] });
    // The API reads access at every call: the access token still valid is refused now.
    expect((await call(theirs.access_token, "/documents")).status).toBe(403);
    // The session ends at its next renewal.
    await expect(refreshTokens(backend.url, backend.config, theirs.refresh_token ?? "")).rejects.toBeInstanceOf(TokenError);
    // No new sign-in, with a message that says why (only after the right password).
    const authorization = await startAuthorization(backend.url, backend.config);
    const login = await submitLogin(authorization, FATIMA.email, "Welkom123!");
    expect(login.status).toBe(403);
    expect(await login.text()).toContain("gedeactiveerd");
    // Still listed, with their history.
    const listed = v.parse(RelatedContactsSchema, await (await call(main, "/userpermissions/related-contacts")).json());
    expect(listed.find((entry) => entry.id === FATIMA.id)?.deactivatedAt).not.toBeNull();

    const reactivated = await call(main, `/userpermissions/reactivate/${FATIMA.id}`, "POST");
    expect(v.parse(RelatedContactSchema, await reactivated.json()).state).toBe("active");
    const again = await signIn(backend, FATIMA.email);
    expect((await call(again.access_token, "/documents")).status).toBe(200);
  });

  it("refuses deactivating oneself or the main user, and handing the role to a deactivated person", async () => {
    const main = (await signIn(backend, MAIN)).access_token;
    const self = await call(main, "/userpermissions/deactivate/usr-0001", "POST");
    expect(v.parse(ValidationErrorSchema, await self.json()).errors).toEqual([{ field: "id", code: "self_deactivate" }]);
    const admin = (await signIn(backend, "admin@example.com")).access_token;
    const owner = await call(admin, "/userpermissions/deactivate/usr-0001", "POST");
    expect(v.parse(ValidationErrorSchema, await owner.json()).errors).toEqual([{ field: "id", code: "main_user_deactivate" }]);
    // The seeded deactivated colleague (README): no sign-in, no hand-over.
    const handOver = await call(main, "/userpermissions/hand-over/usr-0009", "POST");
    expect(v.parse(ValidationErrorSchema, await handOver.json()).errors).toEqual([{ field: "id", code: "person_deactivated" }]);
    await expect(signIn(backend, "gedeactiveerd@example.com")).rejects.toThrow(/answered 403/);
  });

  it("holds the removal rules: the last user manager stays, a delegated manager leaves user managers alone", () => {
    const owner: Member = { id: "o", permissions: ["GEBRUIKERSBEHEER"], isMainUser: true };
    const lotte: Member = { id: "l", permissions: ["GEBRUIKERSBEHEER"], isMainUser: false };
    const colleague: Member = { id: "c", permissions: ["FACTUREN"], isMainUser: false };
    expect(deactivationRefusal(lotte, owner, [owner, lotte])?.code).toBe("main_user_protected");
    expect(deactivationRefusal(owner, lotte, [owner, lotte])).toBeUndefined();
    expect(deactivationRefusal(lotte, colleague, [owner, lotte, colleague])).toBeUndefined();
    const second: Member = { id: "s", permissions: ["GEBRUIKERSBEHEER"], isMainUser: false };
    expect(deactivationRefusal(lotte, second, [owner, lotte, second])?.code).toBe("user_management_protected");
  });
});
