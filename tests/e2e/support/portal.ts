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
export function passwordIn(mail: Mail): string {
  const match = /(?:wachtwoord|password): (\S+)/i.exec(mail.body);
  if (!match?.[1]) throw new Error(`no password in the mail: ${mail.body}`);
  return match[1];
}

/** Creates a user on an account through the API; returns their id, e-mail and temporary password. */
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
  if (!mail) throw new Error(`no welcome mail for ${email}`);
  return { id: (answer.body as { id: string }).id, email, password: passwordIn(mail) };
}
