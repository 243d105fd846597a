import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuotaErrorSchema } from "../../src/core/api/schemas/common.ts";
import { CreatedContactSchema } from "../../src/core/api/schemas/colleagues.ts";
import { failureNotice } from "../../src/core/portal/user-outcomes.ts";
import { ApiError } from "../../src/core/api/errors.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { INVITATION_QUOTA } from "../../stand-in/quotas.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * The quota on invitations (docs/api-people.md, "Invitations"): each is a stored row and a mail to an
 * address the customer typed, so open invitations per account and mails per day are bounded, and a
 * resend counts as a mail. Its own backend: the invitations made here would crowd the other tests.
 */
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

const call = (path: string, body?: unknown): Promise<Response> =>
  fetch(`${backend.api}${path}?accountNumber=100002`, {
    method: "POST",
    headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
const invite = (n: number): Promise<Response> =>
  call("/userpermissions/create-contact", { firstName: "Eva", lastName: "de Boer", email: `quota-${n}@example.com`, phonenumber: "06 98765432", permissions: ["FACTUREN"] });
const DAY = 24 * 60 * 60 * 1000;

async function expectQuota(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const body = v.parse(QuotaErrorSchema, await response.json());
  expect(body.code).toBe("invitation_quota");
  expect(failureNotice("create", new ApiError(429, body, "create-contact")).message).toBe("portal.users.error.invitation_quota");
}

describe("the quota on invitations", () => {
  it("holds one person to its mails a day, resends included, and the account to its open invitations", async () => {
    const first = v.parse(CreatedContactSchema, await (await invite(0)).json());
    const resent = await call(`/userpermissions/invitations/${first.id}/resend`);
    expect(resent.status).toBe(200);
    for (let n = 1; n < INVITATION_QUOTA.mailsPerUserPerDay - 1; n++) expect((await invite(n)).status).toBe(200);
    // Twenty mails in a day: one invitation and one resend more are refused, and no row or mail is made.
    await expectQuota(await invite(100));
    await expectQuota(await call(`/userpermissions/invitations/${first.id}/resend`));
    const outbox = (await (await fetch(`${backend.url}/__test/outbox?to=quota-100%40example.com`)).json()) as unknown[];
    expect(outbox).toEqual([]);

    // A day later the mails are free again, but the account's open invitations (19 running) reach 25.
    clock.advance(DAY);
    for (let n = 100; n < 100 + INVITATION_QUOTA.openPerAccount - 19; n++) expect((await invite(n)).status).toBe(200);
    await expectQuota(await invite(200));
  });
});
