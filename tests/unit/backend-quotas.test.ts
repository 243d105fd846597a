import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ATTACHMENT_BYTES } from "../../src/core/api/schemas/business.ts";
import { clock } from "../../stand-in/api/routes/business/shared.ts";
import { LOOSE_UPLOAD_TTL_MS, UPLOAD_QUOTA } from "../../stand-in/quotas.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

let backend: TestBackend;
const realNow = clock.now;
let offsetMs = 0;
beforeAll(async () => {
  backend = await startTestBackend();
  // The business clock seam: the test moves it a day on instead of waiting.
  clock.now = () => new Date(Date.now() + offsetMs);
});
afterAll(async () => {
  clock.now = realNow;
  await backend.close();
});

const tokens = new Map<string, Promise<string>>();
const bearer = (email: string): Promise<string> => {
  let token = tokens.get(email);
  if (!token) tokens.set(email, (token = signIn(backend, email).then((t) => `Bearer ${t.access_token}`)));
  return token;
};

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
/** A PNG (by its first bytes) padded to `size`. */
const pngOf = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};

async function uploadTht(as: string, account: string, bytes: Uint8Array<ArrayBuffer> = pngOf(PNG.length)): Promise<Response> {
  const body = new FormData();
  body.set("file", new Blob([bytes], { type: "image/png" }), "foto.png");
  return fetch(`${backend.api}/corona/attachments?accountNumber=${account}`, {
    method: "POST",
    headers: { "ocp-apim-subscription-key": backend.key, authorization: await bearer(as) },
    body,
  });
}

describe("quotas on what a customer stores", () => {
  it("refuses loose uploads past the user's size quota with 413 upload_quota, and lets a day expire them", async () => {
    const fits = Math.floor(UPLOAD_QUOTA.user.bytes / MAX_ATTACHMENT_BYTES);
    for (let i = 0; i < fits; i++) expect((await uploadTht("hoofdgebruiker@example.com", "100002", pngOf(MAX_ATTACHMENT_BYTES))).status).toBe(200);
    const over = await uploadTht("hoofdgebruiker@example.com", "100002", pngOf(MAX_ATTACHMENT_BYTES));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ statusCode: 413, code: "upload_quota" });
    expect(over.headers.get("cache-control")).toBe("no-store");
    // Never linked to a registration: a day later they are gone and the room is back.
    offsetMs += LOOSE_UPLOAD_TTL_MS + 1;
    expect((await uploadTht("hoofdgebruiker@example.com", "100002", pngOf(MAX_ATTACHMENT_BYTES))).status).toBe(200);
  });

  it("refuses loose uploads past the user's count quota with 429, then the account's, whoever uploads", async () => {
    offsetMs += LOOSE_UPLOAD_TTL_MS + 1;
    for (let i = 0; i < UPLOAD_QUOTA.user.files; i++) expect((await uploadTht("hoofdgebruiker@example.com", "100001")).status, `upload ${i + 1}`).toBe(200);
    const userFull = await uploadTht("hoofdgebruiker@example.com", "100001");
    expect(userFull.status).toBe(429);
    expect(await userFull.json()).toEqual({ statusCode: 429, code: "upload_quota" });
    // A colleague on the same account has room of their own, up to what the account may hold.
    const room = UPLOAD_QUOTA.account.files - UPLOAD_QUOTA.user.files;
    for (let i = 0; i < room; i++) expect((await uploadTht("admin@example.com", "100001")).status, `colleague ${i + 1}`).toBe(200);
    const accountFull = await uploadTht("admin@example.com", "100001");
    expect(accountFull.status).toBe(429);
    expect(await accountFull.json()).toEqual({ statusCode: 429, code: "upload_quota" });
  });

  it("removes an upload not linked to a registration within a day", async () => {
    offsetMs += LOOSE_UPLOAD_TTL_MS + 1;
    const photo = (await (await uploadTht("hoofdgebruiker@example.com", "100001")).json()) as { id: string };
    offsetMs += LOOSE_UPLOAD_TTL_MS + 1;
    const file = await fetch(`${backend.api}/corona/attachments/${photo.id}?accountNumber=100001`, {
      headers: { "ocp-apim-subscription-key": backend.key, authorization: await bearer("hoofdgebruiker@example.com") },
    });
    expect(file.status).toBe(404);
  });
});

describe("a quota refusal on the page", () => {
  it("is read from the 413/429 body and said in words, in Dutch and English", async () => {
    const { ApiError } = await import("../../src/core/api/errors.ts");
    const { errorMessage } = await import("../../src/islands/shared/messages.ts");
    for (const status of [413, 429]) {
      expect(new ApiError(status, { statusCode: status, code: "upload_quota" }, "/x").quota).toBe("upload_quota");
    }
    expect(new ApiError(429, { statusCode: 429, code: "draft_quota" }, "/x").quota).toBe("draft_quota");
    expect(new ApiError(400, { statusCode: 400, errors: [] }, "/x").quota).toBeUndefined();
    expect(errorMessage("nl", "upload_quota", "upload")).toMatch(/^U heeft het maximum bereikt aan bestanden/);
    expect(errorMessage("en", "upload_quota", "upload")).toMatch(/^You have reached the maximum of files/);
    expect(errorMessage("nl", "draft_quota", "claim")).toMatch(/concept-aanvragen/);
    expect(errorMessage("en", "draft_quota", "claim")).toMatch(/draft claims/);
  });
});
