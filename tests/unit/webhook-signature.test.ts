import { describe, expect, it } from "vitest";
import {
  SIGNATURE_HEADER,
  SIGNED_HEADERS_HEADER,
  TIMESTAMP_HEADER,
  createVerifier,
  signRequest,
  type SignableRequest,
} from "../../publishing/server/signature.ts";

const SECRET = "s3cret-for-tests";
const T0 = Date.UTC(2026, 10, 22, 3, 0, 0);

/** A request as the CMS would send it at `sentAt`, signed with `secret`. */
function signed(secret = SECRET, sentAt = T0, body = '{"sys":{"id":"a","type":"Entry"}}'): SignableRequest {
  const headers = { "content-type": "application/json", "x-contentful-topic": "ContentManagement.Entry.publish" };
  const request = { method: "POST", path: "/hooks/content", headers, body };
  return { ...request, headers: { ...headers, ...signRequest(secret, request, sentAt) } };
}

/** A verifier whose clock the test moves. */
function verifierAt(clock: { now: number }) {
  return createVerifier({ secret: SECRET, now: () => clock.now, requiredSignedHeaders: ["x-contentful-topic"] });
}

describe("webhook signature", () => {
  it("accepts a request signed with the shared secret", () => {
    expect(verifierAt({ now: T0 + 1000 })(signed())).toEqual({ ok: true });
  });

  it("signs the canonical request as hex HMAC-SHA256 over method, path, signed headers and body", () => {
    const request = signed();
    expect(request.headers[SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
    expect(String(request.headers[SIGNED_HEADERS_HEADER]).split(",")).toEqual(
      expect.arrayContaining(["content-type", "x-contentful-topic", TIMESTAMP_HEADER]),
    );
  });

  it("refuses a request signed with another secret", () => {
    expect(verifierAt({ now: T0 })(signed("wrong-secret"))).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses a tampered body, path, method or signed header", () => {
    const verify = verifierAt({ now: T0 });
    const request = signed();
    expect(verify({ ...request, body: '{"sys":{"id":"b","type":"Entry"}}' })).toEqual({ ok: false, reason: "bad-signature" });
    expect(verify({ ...request, path: "/hooks/content?x=1" })).toEqual({ ok: false, reason: "bad-signature" });
    expect(verify({ ...request, method: "PUT" })).toEqual({ ok: false, reason: "bad-signature" });
    expect(
      verify({ ...request, headers: { ...request.headers, "x-contentful-topic": "ContentManagement.Entry.unpublish" } }),
    ).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses a request older than 30 s, and accepts one at exactly 30 s", () => {
    expect(verifierAt({ now: T0 + 30_000 })(signed())).toEqual({ ok: true });
    expect(verifierAt({ now: T0 + 30_001 })(signed())).toEqual({ ok: false, reason: "stale" });
    expect(verifierAt({ now: T0 - 30_001 })(signed())).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses the same signed request a second time (replay)", () => {
    const clock = { now: T0 };
    const verify = verifierAt(clock);
    const request = signed();
    expect(verify(request)).toEqual({ ok: true });
    clock.now += 5000;
    expect(verify(request)).toEqual({ ok: false, reason: "replayed" });
    // A new request with the same body has another timestamp, hence another signature.
    expect(verify(signed(SECRET, clock.now))).toEqual({ ok: true });
  });

  it("forgets replays only once the window has closed on them", () => {
    const clock = { now: T0 };
    const verify = verifierAt(clock);
    const request = signed();
    expect(verify(request)).toEqual({ ok: true });
    clock.now = T0 + 30_000;
    verify(signed(SECRET, clock.now));
    expect(verify(request)).toEqual({ ok: false, reason: "replayed" });
    clock.now = T0 + 30_001;
    expect(verify(request)).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses requests with signing headers missing", () => {
    const verify = verifierAt({ now: T0 });
    const without = (name: string): SignableRequest => {
      const request = signed();
      const headers = { ...request.headers };
      delete headers[name];
      return { ...request, headers };
    };
    expect(verify(without(SIGNATURE_HEADER))).toEqual({ ok: false, reason: "missing-signature" });
    expect(verify(without(SIGNED_HEADERS_HEADER))).toEqual({ ok: false, reason: "missing-signature" });
    expect(verify(without(TIMESTAMP_HEADER))).toEqual({ ok: false, reason: "missing-timestamp" });
    expect(verify({ method: "POST", path: "/hooks/content", headers: {}, body: "{}" })).toEqual({
      ok: false,
      reason: "missing-signature",
    });
  });

  it("refuses a signature that does not cover the timestamp or the topic", () => {
    const verify = verifierAt({ now: T0 });
    const request = signed();
    expect(verify({ ...request, headers: { ...request.headers, [SIGNED_HEADERS_HEADER]: "content-type,x-contentful-topic" } })).toEqual({
      ok: false,
      reason: "timestamp-not-signed",
    });
    expect(verify({ ...request, headers: { ...request.headers, [SIGNED_HEADERS_HEADER]: `content-type,${TIMESTAMP_HEADER}` } })).toEqual({
      ok: false,
      reason: "required-header-not-signed",
    });
  });

  it("refuses a malformed signature without throwing", () => {
    const request = signed();
    expect(verifierAt({ now: T0 })({ ...request, headers: { ...request.headers, [SIGNATURE_HEADER]: "zz" } })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });
});
