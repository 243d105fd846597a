import { randomUUID } from "node:crypto";
import { testStackConfig } from "../../../dev/lib/stack-config.ts";
import { DEMO_PASSWORD } from "../../../dev/lib/stack-config.ts";
import { signIn as signInOverFetch } from "../../unit/support/tokens.ts";
import { backendUrl, testHook } from "./auth.ts";

/**
 * Helpers of the portal screens' browser tests (tests/e2e/portal-*.spec.ts): API calls as a demo
 * user with real tokens (to arrange and restore data, and to call the guards directly), fresh users
 * on account 100002 so tests never change data other specs read, and the mail outbox.
 */

const V1 = "/contentfulservice/api/v1";

export type ApiAnswer = { status: number; body: unknown };

/** An API caller signed in as `email` (over fetch, through the real login page). */
export async function apiAs(email: string, password = DEMO_PASSWORD) {
  const config = testStackConfig();
  const url = backendUrl();
  const tokens = await signInOverFetch({ url, config }, email, password);
  async function call(method: "GET" | "POST" | "PUT" | "DELETE", path: string, accountNumber?: string, json?: unknown): Promise<ApiAnswer> {
    const query = accountNumber ? `?accountNumber=${accountNumber}` : "";
    const response = await fetch(`${url}${V1}${path}${query}`, {
      method,
      headers: {
        "ocp-apim-subscription-key": config.subscriptionKey,
        authorization: `Bearer ${tokens.access_token}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  return { call };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** A fresh address nobody else uses, so parallel specs never meet. */
export const freshEmail = (label: string): string => `${label}.${randomUUID().slice(0, 8)}@example.com`;

type Mail = { to: string; subject: string; body: string };

/** Mails the stand-in "sent" to `to`, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  return (await testHook("GET", `outbox?to=${encodeURIComponent(to)}`)) as Mail[];
}

/** The temporary password in a welcome mail. */
/** The invitation link of a mail (its Dutch part). */
export function invitationLinkIn(mail: Mail): string {
  const match = /(http:\/\/\S+\/login\/invitation\?token=[\w-]+&lang=nl)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no invitation link in the mail: ${mail.body}`);
  return match[1];
}

/** The password every user made by `createUser` chooses when accepting (meets the provider's rules). */
export const INVITED_PASSWORD = "Uitgenodigd-2026!";

/**
 * Creates a user on an account through the API: invites them and accepts the mailed invitation with
 * INVITED_PASSWORD (over fetch, as the acceptance page's form posts); returns their id, e-mail and password.
 */
export async function createUser(
  api: Api,
  accountNumber: string,
  permissions: string[],
  label = "portal",
): Promise<{ id: string; email: string; password: string }> {
  const email = freshEmail(label);
  const answer = await api.call("POST", "/userpermissions/create-contact", accountNumber, {
    firstName: "Test",
    lastName: label,
    email,
    phonenumber: "0612345678",
    permissions,
  });
  if (answer.status !== 200) throw new Error(`create-contact answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no invitation mail for ${email}`);
  const link = new URL(invitationLinkIn(mail));
  const accepted = await fetch(new URL("/login/invitation", link), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: link.searchParams.get("token") ?? "", lang: "nl", password: INVITED_PASSWORD }),
  });
  if (accepted.status !== 303) throw new Error(`accepting the invitation answered ${accepted.status}`);
  const people = await api.call("GET", "/userpermissions/related-contacts", accountNumber);
  const joined = (people.body as { id: string; email: string }[]).find((person) => person.email === email);
  if (!joined) throw new Error(`${email} is not on ${accountNumber} after accepting`);
  return { id: joined.id, email, password: INVITED_PASSWORD };
}
