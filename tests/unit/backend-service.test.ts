import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AttachmentSchema, DeliveryListSchema, InboxListSchema, InvoiceListSchema } from "../../src/core/api/schemas/business.ts";
import { ServiceRequestListSchema, ServiceRequestSchema } from "../../src/core/api/schemas/business/service.ts";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../src/core/api/schemas/notification-preferences.ts";
import { clock } from "../../stand-in/api/routes/business/shared.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { LOOSE_UPLOAD_TTL_MS, UPLOAD_QUOTA } from "../../stand-in/quotas.ts";
import { runServiceCli } from "../../stand-in/service-admin-cli.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

const MAIN = "hoofdgebruiker@example.com";
const tokens = new Map<string, Promise<string>>();
async function call(method: string, path: string, as: string, options: { account?: string; json?: unknown; body?: FormData; key?: string } = {}): Promise<Response> {
  if (!tokens.has(as)) tokens.set(as, signIn(backend, as).then((token) => token.access_token));
  const headers: Record<string, string> = { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${await tokens.get(as)}` };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (options.key) headers["idempotency-key"] = options.key;
  return fetch(`${backend.api}${path}?accountNumber=${options.account ?? "100001"}`, {
    method,
    headers,
    body: options.body ?? (options.json === undefined ? null : JSON.stringify(options.json)),
  });
}
const parsed = async <S extends v.GenericSchema>(response: Response, schema: S, status = 200): Promise<v.InferOutput<S>> => {
  expect(response.status).toBe(status);
  return v.parse(schema, await response.json());
};
let keys = 0;
const newKey = (): string => `test-key-${String((keys += 1)).padStart(8, "0")}`;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const upload = (as: string, account: string, bytes: Uint8Array = PNG, name = "breuk.png"): Promise<Response> => {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return call("POST", "/service-attachments", as, { account, body });
};
const outbox = async (): Promise<{ to: string; subject: string; body: string }[]> => (await fetch(`${backend.url}/__test/outbox`)).json() as Promise<{ to: string; subject: string; body: string }[]>;
const latestDelivery = async (as: string, account: string): Promise<string> =>
  (await parsed(await call("GET", "/deliveries", as, { account }), DeliveryListSchema)).items[0]!.number;

describe("service requests (addition): the seed", () => {
  it("tells Café De Gouden Leeuw's story: a tap fault in progress with an answer, a resolved breakage, a keg question on the late returns", async () => {
    const list = await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema);
    const byKind = new Map(list.items.map((item) => [item.kind, item]));
    expect(byKind.get("tap_fault")?.status).toBe("in_progress");
    expect(byKind.get("breakage")).toMatchObject({ status: "resolved", reference: { type: "delivery" } });
    expect(byKind.get("return")).toMatchObject({ status: "received", reference: { type: "empties" } });
    const tap = await parsed(await call("GET", `/service-requests/${byKind.get("tap_fault")!.id}`, MAIN), ServiceRequestSchema);
    expect(tap.events.map((event) => [event.author, event.status])).toEqual([
      ["customer", "received"],
      ["supplier", "in_progress"],
    ]);
    expect(tap.events[1]?.text).toMatch(/monteur/);
    // Another outlet has none of them.
    expect((await parsed(await call("GET", "/service-requests", MAIN, { account: "100002" }), ServiceRequestListSchema)).items).toEqual([]);
  });
});

describe("POST /service-requests (addition)", () => {
  it("makes a request with a photo and a reference of the account, once per Idempotency-Key", async () => {
    const delivery = await latestDelivery(MAIN, "100001");
    const photo = await parsed(await upload(MAIN, "100001"), AttachmentSchema);
    const body = { kind: "return", description: "  Twee fusten te weinig opgehaald.\nGraag bellen.  ", reference: { type: "empties", number: delivery }, attachmentIds: [photo.id] };
    const key = newKey();
    const created = await parsed(await call("POST", "/service-requests", MAIN, { json: body, key }), ServiceRequestSchema, 201);
    expect(created).toMatchObject({ status: "received", title: "Twee fusten te weinig opgehaald.", description: "Twee fusten te weinig opgehaald.\nGraag bellen.", createdBy: "Marleen de Vries" });
    expect(created.attachments.map((attachment) => attachment.id)).toEqual([photo.id]);
    // The same attempt again answers the same request; the same key for another body is refused.
    const again = await parsed(await call("POST", "/service-requests", MAIN, { json: body, key }), ServiceRequestSchema);
    expect(again.id).toBe(created.id);
    const reused = await call("POST", "/service-requests", MAIN, { json: { ...body, description: "Iets anders" }, key });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ statusCode: 409, code: "idempotency_key_reused" });
    // The photo is the request's now: it cannot be named by a second request.
    const second = await call("POST", "/service-requests", MAIN, { json: body, key: newKey() });
    expect(await second.json()).toEqual({ statusCode: 400, errors: [{ field: "attachmentIds.0", code: "unknown" }] });
    const file = await fetch(`${backend.api}/service-attachments/${photo.id}?accountNumber=100001`, {
      headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${await tokens.get(MAIN)}` },
    });
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("needs no permission: a colleague without invoices or deliveries raises a tap fault", async () => {
    const created = await call("POST", "/service-requests", "thijs.vandenberg@example.com", { json: { kind: "tap_fault", description: "Tap lekt." }, key: newKey() });
    expect(created.status).toBe(201);
  });

  it("refuses what the form refuses, and a reference that is not the account's or not the caller's to see", async () => {
    const refused = async (as: string, json: unknown, account = "100001") => {
      const response = await call("POST", "/service-requests", as, { json, key: newKey(), account });
      expect(response.status).toBe(400);
      return ((await response.json()) as { errors: { field: string; code: string }[] }).errors;
    };
    expect(await refused(MAIN, { kind: "tap_fault", description: "   " })).toEqual([{ field: "description", code: "required" }]);
    expect(await refused(MAIN, { description: "Kapot" })).toContainEqual({ field: "kind", code: "required" });
    expect(await refused(MAIN, { kind: "other", description: "x".repeat(2001) })).toEqual([{ field: "description", code: "too_long" }]);
    // Another account's delivery, asked on one's own: the same answer as a number that does not exist.
    const foreign = await latestDelivery(MAIN, "100002");
    expect(await refused(MAIN, { kind: "breakage", description: "Breuk", reference: { type: "delivery", number: foreign } })).toEqual([{ field: "reference.number", code: "unknown" }]);
    expect(await refused(MAIN, { kind: "breakage", description: "Breuk", reference: { type: "delivery", number: "L0000" } })).toEqual([{ field: "reference.number", code: "unknown" }]);
    // An invoice of the account, from a colleague who may not open invoices (BONUS, DOCUMENTEN).
    const invoice = (await parsed(await call("GET", "/invoices", MAIN), InvoiceListSchema)).items[0]!.number;
    expect(await refused("fatima.elamrani@example.com", { kind: "invoice_question", description: "Vraag", reference: { type: "invoice", number: invoice } })).toEqual([
      { field: "reference.number", code: "unknown" },
    ]);
    expect((await call("POST", "/service-requests", MAIN, { json: { kind: "invoice_question", description: "Vraag", reference: { type: "invoice", number: invoice } }, key: newKey() })).status).toBe(201);
    // Without an Idempotency-Key nothing is made.
    const keyless = await call("POST", "/service-requests", MAIN, { json: { kind: "other", description: "Vraag" } });
    expect(await keyless.json()).toEqual({ statusCode: 400, errors: [{ field: "idempotencyKey", code: "required" }] });
  });

  it("refuses a photo that is no image or PDF by its content, and another account's calls with 403", async () => {
    const text = await upload(MAIN, "100001", Buffer.from("not an image at all"), "foto.png");
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ statusCode: 400, errors: [{ field: "file", code: "file_type" }] });
    // facturen@ holds 100001 only.
    for (const [method, path] of [
      ["GET", "/service-requests"],
      ["POST", "/service-requests"],
      ["POST", "/service-attachments"],
    ] as const) {
      const response = await call(method, path, "facturen@example.com", { account: "100002", json: method === "POST" ? {} : undefined, key: newKey() });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({ statusCode: 2 });
    }
    // One of 100001's requests asked for on 100002 is not found there.
    const id = (await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema)).items[0]!.id;
    expect((await call("GET", `/service-requests/${id}`, MAIN, { account: "100002" })).status).toBe(404);
    expect((await call("POST", `/service-requests/${id}/replies`, MAIN, { account: "100002", json: { text: "Hallo" } })).status).toBe(404);
  });

  it("counts photos not yet sent against the bonus tool's upload quota, and gives the room back a day later", async () => {
    const start = Date.now();
    clock.now = () => new Date(start);
    for (let i = 0; i < UPLOAD_QUOTA.user.files; i++) expect((await upload("lotte.smit@example.com", "100001")).status, `photo ${i + 1}`).toBe(200);
    const full = await upload("lotte.smit@example.com", "100001");
    expect(full.status).toBe(429);
    expect(await full.json()).toEqual({ statusCode: 429, code: "upload_quota" });
    clock.now = () => new Date(start + LOOSE_UPLOAD_TTL_MS + 1);
    expect((await upload("lotte.smit@example.com", "100001")).status).toBe(200);
  });
});

describe("replies and the supplier's answers", () => {
  it("adds the customer's reply; refuses an empty one", async () => {
    const id = (await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema)).items.find((item) => item.kind === "tap_fault" && item.status === "in_progress")!.id;
    const empty = await call("POST", `/service-requests/${id}/replies`, MAIN, { json: { text: " " } });
    expect(await empty.json()).toEqual({ statusCode: 400, errors: [{ field: "text", code: "required" }] });
    const answered = await parsed(await call("POST", `/service-requests/${id}/replies`, MAIN, { json: { text: "Morgen is prima." } }), ServiceRequestSchema);
    expect(answered.events.at(-1)).toMatchObject({ author: "customer", status: null, text: "Morgen is prima.", authorName: "Marleen de Vries" });
    expect(answered.status).toBe("in_progress");
  });

  it("keeps the language each text was written in: the writer's screen language, Dutch for the service desk and when not given", async () => {
    const created = await parsed(
      await call("POST", "/service-requests", MAIN, { json: { kind: "other", description: "The fridge door does not close.", locale: "en-US" }, key: newKey() }),
      ServiceRequestSchema,
      201,
    );
    expect(created.locale).toBe("en-US");
    const listed = (await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema)).items.find((item) => item.id === created.id);
    expect(listed?.locale).toBe("en-US");
    await call("POST", `/service-requests/${created.id}/replies`, MAIN, { json: { text: "It is the left one.", locale: "en-US" } });
    await call("POST", `/service-requests/${created.id}/replies`, MAIN, { json: { text: "De linker." } });
    expect(await runServiceCli(["answer", created.number, "--text", "Wij komen langs.", "--backend", backend.url, "--secret", TEST_ADMIN_SECRET], () => undefined)).toBe(0);
    expect(await runServiceCli(["answer", created.number, "--text", "We will come by.", "--locale", "en-US", "--backend", backend.url, "--secret", TEST_ADMIN_SECRET], () => undefined)).toBe(0);
    const after = await parsed(await call("GET", `/service-requests/${created.id}`, MAIN), ServiceRequestSchema);
    expect(after.events.filter((event) => event.text !== null).map((event) => [event.text, event.locale])).toEqual([
      ["It is the left one.", "en-US"],
      ["De linker.", "nl-NL"],
      ["Wij komen langs.", "nl-NL"],
      ["We will come by.", "en-US"],
    ]);
    const refused = await call("POST", `/service-requests/${created.id}/replies`, MAIN, { json: { text: "Hallo", locale: "de-DE" } });
    expect(refused.status).toBe(400);
  });

  it("lets the supplier answer and resolve through the admin CLI: the history, a notification and a mail follow", async () => {
    const tap = (await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema)).items.find((item) => item.kind === "tap_fault" && item.status === "in_progress")!;
    const mailsBefore = (await outbox()).length;
    const lines: string[] = [];
    const code = await runServiceCli(
      ["answer", tap.number, "--status", "resolved", "--text", "De leiding is vervangen.", "--backend", backend.url, "--secret", TEST_ADMIN_SECRET],
      (line) => lines.push(line),
    );
    expect(code, lines.join("\n")).toBe(0);
    const after = await parsed(await call("GET", `/service-requests/${tap.id}`, MAIN), ServiceRequestSchema);
    expect(after.status).toBe("resolved");
    expect(after.events.at(-1)).toMatchObject({ author: "supplier", status: "resolved", text: "De leiding is vervangen." });
    const inbox = await parsed(await call("GET", "/inbox", "thijs.vandenberg@example.com"), InboxListSchema);
    expect(inbox.items[0]).toMatchObject({ category: "general", read: false, link: `/mijn-account/service?id=${encodeURIComponent(tap.id)}` });
    expect(inbox.items[0]?.title).toContain(tap.number);
    const mails = (await outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: MAIN });
    expect(mails[0]?.body).toContain("De leiding is vervangen.");
    // Without the admin secret the supplier's side is closed.
    expect(await runServiceCli(["answer", tap.number, "--text", "x", "--backend", backend.url, "--secret", "wrong"], () => undefined)).toBe(1);
    expect(await runServiceCli(["answer", tap.number], () => undefined)).toBe(2);
  });

  it("mails the requester only as they chose for service requests: nothing when off, a digest line when weekly", async () => {
    const other = (await parsed(await call("GET", "/service-requests", MAIN), ServiceRequestListSchema)).items.find((item) => item.kind !== "tap_fault")!;
    const answer = async (text: string): Promise<void> => {
      expect(await runServiceCli(["answer", other.number, "--text", text, "--backend", backend.url, "--secret", TEST_ADMIN_SECRET], () => undefined)).toBe(0);
    };
    const choose = async (service: "off" | "weekly" | "instant"): Promise<void> => {
      expect((await call("PUT", "/contacts/notification-preferences", MAIN, { json: { ...DEFAULT_NOTIFICATION_PREFERENCES, service } })).status).toBe(200);
    };
    try {
      for (const service of ["off", "weekly"] as const) {
        await choose(service);
        const mailsBefore = (await outbox()).length;
        await answer(`Antwoord bij ${service}`);
        expect((await outbox()).slice(mailsBefore)).toEqual([]);
        // The portal's notification comes whatever was chosen.
        const inbox = await parsed(await call("GET", "/inbox", MAIN), InboxListSchema);
        expect(inbox.items[0]?.title).toContain(other.number);
      }
    } finally {
      await choose("instant");
    }
  });
});
