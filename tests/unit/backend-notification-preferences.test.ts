import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  NotificationPreferencesSchema,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from "../../src/core/api/schemas/notification-preferences.ts";
import { InboxListSchema } from "../../src/core/api/schemas/business/inbox.ts";
import {
  deliveryFor,
  DIGEST_INTERVAL_MS,
  digestsDue,
} from "../../src/core/permissions/notification-delivery.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * Notification preferences (docs/api-people.md, "Notification preferences"): each person's own,
 * a colleague's read-only, and the outbox's rules: at once a mail per notification, weekly one digest
 * on the stand-in's clock, off no mail; the portal notification always appears.
 */
let backend: TestBackend;
const tokens = new Map<string, string>();
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
afterEach(() => clock.reset());

const MAIN = "hoofdgebruiker@example.com";
/** FACTUREN only, on 100001. */
const INVOICES = "facturen@example.com";

async function tokenFor(email: string): Promise<string> {
  const token = tokens.get(email) ?? (await signIn(backend, email)).access_token;
  tokens.set(email, token);
  return token;
}

async function call(
  email: string,
  path: string,
  method = "GET",
  body?: unknown,
  accountNumber?: string,
): Promise<Response> {
  return fetch(`${backend.api}${path}${accountNumber ? `?accountNumber=${accountNumber}` : ""}`, {
    method,
    headers: {
      "ocp-apim-subscription-key": backend.key,
      authorization: `Bearer ${await tokenFor(email)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const hook = (path: string, body?: unknown) =>
  fetch(`${backend.url}/__test/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
const notifyOf = (kind: string, title: string) =>
  hook("notify", { accountNumber: "100001", kind, title, body: "Zie Mijn onderneming." });
const choose = async (email: string, preferences: Partial<NotificationPreferences>) => {
  const saved = await call(email, "/contacts/notification-preferences", "PUT", {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    ...preferences,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
};
type Mail = { to: string; subject: string; body: string };
const mailsTo = async (email: string): Promise<Mail[]> =>
  (await (await fetch(`${backend.url}/__test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
const digestsTo = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject.startsWith("Uw weekoverzicht"));
const instantTo = async (email: string, title: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject === `Nieuw in Mijn onderneming: ${title}`);

describe("the rules", () => {
  it("mails nothing of a kind the person may not see, else what they chose", () => {
    const chosen = { ...DEFAULT_NOTIFICATION_PREFERENCES, invoices: "weekly", news: "off" } as const;
    expect(deliveryFor("invoices", chosen, ["FACTUREN"])).toBe("weekly");
    expect(deliveryFor("bonus", chosen, ["FACTUREN"])).toBe("off");
    expect(deliveryFor("bonus", chosen, ["ADMINISTRATOR"])).toBe("weekly");
    expect(deliveryFor("news", chosen, [])).toBe("off");
    expect(deliveryFor("contract", chosen, ["SAMENWERKINGSOVEREENKOMST"])).toBe("instant");
  });

  it("sends a person's digest once their oldest waiting notification is a week old", () => {
    const queue = [
      { userId: "a", queuedAt: 1000 },
      { userId: "a", queuedAt: 5000 },
      { userId: "b", queuedAt: 3000 },
    ];
    expect(digestsDue(queue, 1000 + DIGEST_INTERVAL_MS - 1).size).toBe(0);
    const due = digestsDue(queue, 1000 + DIGEST_INTERVAL_MS);
    expect([...due.keys()]).toEqual(["a"]);
    expect(due.get("a")).toHaveLength(2);
  });
});

describe("one's own preferences", () => {
  it("start at the defaults, are saved whole and refused when malformed", async () => {
    expect(
      v.parse(
        NotificationPreferencesSchema,
        await (await call(INVOICES, "/contacts/notification-preferences")).json(),
      ),
    ).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    await choose(INVOICES, { news: "off" });
    expect(await (await call(INVOICES, "/contacts/notification-preferences")).json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      news: "off",
    });
    const refused = await call(INVOICES, "/contacts/notification-preferences", "PUT", {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      invoices: "daily",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400, errors: [{ field: "invoices" }] });
  });

  it("are shown to whoever manages users on the account, read-only, and to nobody else", async () => {
    const shown = await call(
      MAIN,
      "/userpermissions/usr-0002/notification-preferences",
      "GET",
      undefined,
      "100001",
    );
    expect(shown.status).toBe(200);
    expect(v.parse(NotificationPreferencesSchema, await shown.json()).news).toBe("off");
    expect(
      (await call(INVOICES, "/userpermissions/usr-0001/notification-preferences", "GET", undefined, "100001"))
        .status,
    ).toBe(403);
    expect(
      (await call(MAIN, "/userpermissions/usr-9999/notification-preferences", "GET", undefined, "100001"))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          MAIN,
          "/userpermissions/usr-0002/notification-preferences",
          "PUT",
          DEFAULT_NOTIFICATION_PREFERENCES,
          "100001",
        )
      ).status,
    ).toBe(405);
  });
});

describe("the outbox honours them", () => {
  it("at once: a mail per notification; off: none; the portal notification always appears", async () => {
    await choose(INVOICES, { invoices: "instant" });
    await notifyOf("invoices", "Factuur F-1 staat klaar");
    await notifyOf("invoices", "Factuur F-2 staat klaar");
    expect(await instantTo(INVOICES, "Factuur F-1 staat klaar")).toHaveLength(1);
    expect(await instantTo(INVOICES, "Factuur F-2 staat klaar")).toHaveLength(1);
    expect((await instantTo(INVOICES, "Factuur F-1 staat klaar"))[0]?.body).toContain("'Direct per e-mail'");

    await choose(INVOICES, { invoices: "off" });
    await notifyOf("invoices", "Factuur F-3 staat klaar");
    expect(await instantTo(INVOICES, "Factuur F-3 staat klaar")).toEqual([]);
    const inbox = v.parse(
      InboxListSchema,
      await (await call(INVOICES, "/inbox", "GET", undefined, "100001")).json(),
    );
    expect(inbox.items.map((item) => item.title)).toEqual(
      expect.arrayContaining(["Factuur F-1 staat klaar", "Factuur F-3 staat klaar"]),
    );
  });

  it("mails nobody a kind they may not see", async () => {
    await choose(INVOICES, { bonus: "instant" });
    await notifyOf("bonus", "Bonus Q1 berekend");
    expect(await instantTo(INVOICES, "Bonus Q1 berekend")).toEqual([]);
    expect(await instantTo(MAIN, "Bonus Q1 berekend")).toHaveLength(0); // the main user's default for bonus: weekly
  });

  it("weekly: one digest with everything of the week, after 7 days on the stand-in's clock", async () => {
    await choose(INVOICES, { invoices: "weekly", news: "weekly" });
    const before = (await digestsTo(INVOICES)).length;
    await notifyOf("invoices", "Factuur W-1 staat klaar");
    clock.advance(2 * 24 * 3600 * 1000);
    await notifyOf("news", "Nieuwe openingstijden");
    expect(await instantTo(INVOICES, "Factuur W-1 staat klaar")).toEqual([]);

    clock.advance(5 * 24 * 3600 * 1000 - 1000);
    await hook("digests");
    expect(await digestsTo(INVOICES)).toHaveLength(before);

    clock.advance(1000);
    await hook("digests");
    await hook("digests");
    const digests = await digestsTo(INVOICES);
    expect(digests).toHaveLength(before + 1);
    const digest = digests.at(-1)?.body ?? "";
    expect(digest).toContain("- facturen (100001): Factuur W-1 staat klaar");
    expect(digest).toContain("- nieuws (100001): Nieuwe openingstijden");
    expect(digest).toContain("- invoices (100001): Factuur W-1 staat klaar");
  });
});
