import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RelatedContactSchema, RelatedContactsSchema } from "../../src/core/api/schemas/colleagues.ts";
import { otherAccountNames } from "../../src/core/portal/person-state.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * Per colleague, the viewer's other accounts where the colleague has access too (docs/api-people.md,
 * `otherAccounts`): only accounts whose users the viewer manages, so nothing of an account the viewer
 * does not manage is told.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function get(path: string, as: string, accountNumber: string): Promise<unknown> {
  const token = (await signIn(backend, as)).access_token;
  const response = await fetch(`${backend.api}${path}?accountNumber=${accountNumber}`, {
    headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe("a colleague's other outlets", () => {
  it("names the viewer's other managed accounts where the colleague works too", async () => {
    const list = v.parse(RelatedContactsSchema, await get("/userpermissions/related-contacts", "hoofdgebruiker@example.com", "100002"));
    const main = list.find((entry) => entry.email === "hoofdgebruiker@example.com");
    expect(main?.otherAccounts).toEqual(["100001"]);
    const one = v.parse(RelatedContactSchema, await get(`/userpermissions/${main?.id ?? ""}`, "hoofdgebruiker@example.com", "100002"));
    expect(one.otherAccounts).toEqual(["100001"]);
    expect(otherAccountNames(one, [{ accountnumber: "100001", name: "Café De Gouden Leeuw B.V." }])).toEqual(["Café De Gouden Leeuw B.V."]);
    // Invitations have none.
    for (const entry of list.filter((item) => item.id.startsWith("inv-"))) expect(entry.otherAccounts).toEqual([]);
  });

  it("tells a user manager of one account nothing of the others", async () => {
    const list = v.parse(RelatedContactsSchema, await get("/userpermissions/related-contacts", "lotte.smit@example.com", "100001"));
    const main = list.find((entry) => entry.email === "hoofdgebruiker@example.com");
    expect(main?.otherAccounts).toEqual([]);
  });
});
