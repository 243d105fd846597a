import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenSchema, ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { releaseStore } from "../../publishing/releases/releases.ts";
import { API_ROUTES } from "../../stand-in/api/router.ts";
import { ROUTES as PROVIDER_ROUTES } from "../../stand-in/idp/provider.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { TOPIC_HEADER } from "../../publishing/server/payload.ts";
import { createSitePipeline } from "../../publishing/server/pipeline.ts";
import { createBuildQueue } from "../../publishing/server/queue.ts";
import { createRebuildServer, type RebuildSite } from "../../publishing/server/server.ts";
import { createVerifier, SIGNATURE_HEADER, SIGNED_HEADERS_HEADER, TIMESTAMP_HEADER } from "../../publishing/server/signature.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { sendRaw, serialize, type RawRequest, type RawResponse } from "./support/raw-http.ts";
import { signIn } from "./support/tokens.ts";

/**
 * Malformed and hostile requests against every route of the stand-in API (walked from the router's
 * own table, so a new route is covered without touching this file), the identity provider and the
 * rebuild server. Whatever arrives, the answer is below 500, comes within seconds, and a refusal has
 * the server's documented error shape.
 */

// ---- the hostile material -----------------------------------------------------------------------

/** Path segments: broken and overlong escapes, NUL, traversal, CRLF, unicode raw and escaped, huge. */
const SEGMENTS = [
  "%ZZ",
  "%",
  "%0",
  "%00",
  "%FF",
  "%C0%AE%C0%AE",
  "%ED%A0%80",
  "%E2%82",
  "..",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e",
  "%F0%9F%98%80",
  "caf\u00e9\u{1F600}",
  "%0D%0ASet-Cookie:%20a=1",
  "__proto__",
  "'%20OR%201=1--",
  "x".repeat(6000),
];

/** Query values; every one is sent under each name the routes read and a few they do not. */
const QUERY_VALUES = ["%ZZ", "%", "%00", "%FF%FE", "", "-1", "1e400", "NaN", "Infinity", "%F0%9F%98%80", "__proto__", "x".repeat(6000)];
const QUERY_NAMES = ["accountNumber", "locale", "preview", "count", "contactType", "wholesalerId", "type", "year", "from", "to", "page", "status", "sort", "to", "w", "fm"];

const fakeJwt = (header: object, payload: object) =>
  `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.`;

/** Header sets that break the rules of HTTP or of the API's own headers. */
const HEADER_CASES: { name: string; headers: [string, string][]; body?: string }[] = [
  { name: "bare Bearer", headers: [["authorization", "Bearer"]] },
  { name: "Bearer and spaces", headers: [["authorization", "Bearer    "]] },
  { name: "Bearer a.b.c", headers: [["authorization", "Bearer a.b.c"]] },
  { name: "alg none", headers: [["authorization", `Bearer ${fakeJwt({ alg: "none", typ: "at+jwt" }, { sub: "usr-0001" })}x`]] },
  { name: "Basic", headers: [["authorization", "Basic Og=="]] },
  { name: "latin-1 in the token", headers: [["authorization", "Bearer \u00ff\u00fe.a.b"]] },
  { name: "huge token", headers: [["authorization", `Bearer ${"A".repeat(12_000)}.b.c`]] },
  { name: "two tokens", headers: [["authorization", "Bearer a.b.c"], ["authorization", "Bearer d.e.f"]] },
  { name: "huge header", headers: [["x-padding", "a".repeat(80_000)]] },
  { name: "many headers", headers: Array.from({ length: 3000 }, (_, i): [string, string] => [`x-h${i}`, "1"]) },
  { name: "content-type utf-16", headers: [["content-type", "application/json; charset=utf-16"]], body: "{}" },
  { name: "multipart without boundary", headers: [["content-type", "multipart/form-data"]], body: "--x\r\n\r\n" },
  { name: "multipart with empty boundary", headers: [["content-type", "multipart/form-data; boundary="]], body: "----\r\n" },
  { name: "multipart with a huge boundary", headers: [["content-type", `multipart/form-data; boundary=${"b".repeat(400)}`]], body: "--b\r\n" },
  { name: "content-type garbage", headers: [["content-type", ";;;==,,\u00ff"]], body: "{}" },
  { name: "negative content-length", headers: [["content-length", "-1"]], body: "{}" },
  { name: "word content-length", headers: [["content-length", "abc"]], body: "{}" },
  { name: "fractional content-length", headers: [["content-length", "1.5"]], body: "{}" },
  { name: "enormous content-length", headers: [["content-length", "99999999999999999999"]], body: "{}" },
  { name: "two content-lengths", headers: [["content-length", "2"], ["content-length", "3"]], body: "{}" },
  { name: "content-length with chunked", headers: [["content-length", "2"], ["transfer-encoding", "chunked"]], body: "2\r\n{}\r\n0\r\n\r\n" },
  { name: "bad chunk size", headers: [["transfer-encoding", "chunked"]], body: "zz\r\n{}\r\n0\r\n\r\n" },
  { name: "header without a name", headers: [["", "value"]] },
  { name: "space before the colon", headers: [["authorization ", "Bearer a.b.c"]] },
];

/** Bodies sent as JSON (and the last ones as what they claim to be). */
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const BODY_CASES: { name: string; body: string | Buffer; contentType?: string }[] = [
  { name: "truncated JSON", body: '{"firstName":' },
  { name: "not JSON", body: "firstName=Eva" },
  { name: "null", body: "null" },
  { name: "an array", body: "[]" },
  { name: "a string", body: '"x"' },
  { name: "a number", body: "1e400" },
  {
    name: "wrong types everywhere",
    body: JSON.stringify({ firstName: 1, lastName: [], email: {}, phonenumber: null, permissions: "ALL", name: 12, message: { a: 1 }, claim: [[]] }),
  },
  { name: "deep arrays", body: deep(200_000) },
  { name: "deep objects", body: deepObject(60_000) },
  { name: "prototype keys", body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
  { name: "invalid UTF-8", body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]) },
  // Past the API's 1 MB body limit.
  { name: "huge", body: `"${"a".repeat(1_100_000)}"` },
  { name: "multipart, broken", body: "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../x.pdf\"\r\n\r\n%PDF", contentType: "multipart/form-data; boundary=b" },
  { name: "form-encoded escapes", body: "a=%ZZ&b=%&%00=%FF", contentType: "application/x-www-form-urlencoded" },
];

/** Request targets the URL parser itself refuses. */
const BROKEN_TARGETS = ["//[", "http://[::1", "//a:b@:x/", "/%", "*"];

// ---- what a documented refusal looks like -------------------------------------------------------

type Check = (response: RawResponse) => string | undefined;

/** A server answer that is not a crash or a hang: below 500, and within the time allowed. */
const basics = (response: RawResponse): string | undefined => {
  if (response.hung) return "no answer (hang)";
  if (response.status === 0) return "connection closed without an answer";
  if (response.status >= 500) return `status ${response.status}: ${response.body.slice(0, 200)}`;
  return undefined;
};

const json = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The API's error rules: 400 with field errors, 403 with statusCode 1 or 2, any other 4xx with its statusCode. */
const apiShape: Check = (response) => {
  const basic = basics(response);
  if (basic || response.status < 400) return basic;
  const body = json(response.body);
  if (response.status === 400) return v.is(ValidationErrorSchema, body) ? undefined : `400 without field errors: ${response.body.slice(0, 200)}`;
  if (response.status === 403) return v.is(ForbiddenSchema, body) ? undefined : `403 body ${response.body.slice(0, 200)}`;
  const statusCode = (body as { statusCode?: unknown } | undefined)?.statusCode;
  return statusCode === response.status ? undefined : `${response.status} body ${response.body.slice(0, 200)}`;
};

/**
 * The identity provider's: its OAuth endpoints answer an OAuth error object (RFC 6749 section 5.2);
 * pages a person sees (authorize, logout, login) answer an HTML page; its own JSON refusals the API's shape.
 */
const idpShape: Check = (response) => {
  const basic = basics(response);
  if (basic || response.status < 400) return basic;
  if (response.headers["content-type"]?.startsWith("text/html")) return undefined;
  const body = json(response.body) as { error?: unknown; statusCode?: unknown } | undefined;
  if (typeof body?.error === "string") return undefined;
  return body?.statusCode === response.status ? undefined : `${response.status} body ${response.body.slice(0, 200)}`;
};

/** The rebuild server's: `{ error: "<code>" }`. */
const rebuildShape: Check = (response) => {
  const basic = basics(response);
  if (basic || response.status < 400) return basic;
  const body = json(response.body) as { error?: unknown } | undefined;
  return typeof body?.error === "string" ? undefined : `${response.status} body ${response.body.slice(0, 200)}`;
};

// ---- running them -------------------------------------------------------------------------------

type Attempt = { label: string; request: RawRequest; halfClose?: boolean };

/** Sends the attempts a few at a time and lists every answer that breaks `check`. */
async function failuresOf(port: number, attempts: Attempt[], check: Check): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...attempts];
  const worker = async (): Promise<void> => {
    for (let attempt = queue.shift(); attempt; attempt = queue.shift()) {
      const bytes = serialize(attempt.request, `localhost:${port}`);
      const response = await sendRaw(port, bytes, { timeoutMs: 15_000, halfClose: attempt.halfClose ?? false });
      const problem = check(response);
      if (problem) failures.push(`${attempt.label}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

const shorten = (text: string): string => (text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text);

/** Every attempt for one path pattern (`:name` segments filled in), with headers every call needs. */
function attemptsFor(method: string, pattern: string, base: [string, string][], query = ""): Attempt[] {
  const fill = (segment: string) => pattern.replace(/:[a-zA-Z]+/g, segment);
  const plain = fill("1");
  const label = (what: string) => `${method} ${pattern} ${what}`;
  const attempts: Attempt[] = [];
  const segments = pattern.includes(":") ? SEGMENTS : SEGMENTS.slice(0, 4);
  for (const segment of segments) {
    // Without parameters the hostile segment goes on the end.
    const target = pattern.includes(":") ? fill(segment) : `${pattern}/${segment}`;
    attempts.push({ label: label(`segment ${shorten(segment)}`), request: { method, target: `${target}${query}`, headers: base } });
  }
  for (const value of QUERY_VALUES) {
    const search = QUERY_NAMES.map((name) => `${name}=${value}`).join("&");
    attempts.push({ label: label(`query ${shorten(value)}`), request: { method, target: `${plain}?${search}`, headers: base } });
  }
  attempts.push({ label: label("repeated query"), request: { method, target: `${plain}${query}&accountNumber=100002&accountNumber=100003`, headers: base } });
  for (const { name, headers, body } of HEADER_CASES) {
    const replaced = base.filter(([key]) => !headers.some(([other]) => other.toLowerCase() === key.toLowerCase()));
    attempts.push({ label: label(`headers: ${name}`), request: { method, target: `${plain}${query}`, headers: [...replaced, ...headers], ...(body ? { body } : {}) } });
  }
  for (const { name, body, contentType } of BODY_CASES) {
    const headers: [string, string][] = [...base, ["content-type", contentType ?? "application/json"]];
    attempts.push({ label: label(`body: ${name}`), request: { method, target: `${plain}${query}`, headers, body } });
  }
  attempts.push({
    label: label("body shorter than its content-length"),
    request: { method, target: `${plain}${query}`, headers: [...base, ["content-type", "application/json"], ["content-length", "100"]], body: '{"a":' },
    halfClose: true,
  });
  for (const target of BROKEN_TARGETS) attempts.push({ label: label(`target ${target}`), request: { method, target, headers: base } });
  return attempts;
}

// ---- the stand-in backend -----------------------------------------------------------------------

let backend: TestBackend;
let port: number;
let token: string;

beforeAll(async () => {
  backend = await startTestBackend();
  port = Number(new URL(backend.url).port);
  token = (await signIn(backend, "hoofdgebruiker@example.com")).access_token;
});
afterAll(() => backend.close());

describe("the stand-in API", () => {
  it("walks a router table that has every kind of route", () => {
    expect(API_ROUTES.length).toBeGreaterThan(20);
    expect(API_ROUTES.filter((route) => route.path.includes("/:")).length).toBeGreaterThan(5);
  });

  it("answers the malformed escape of the review with a documented 400, without a token", async () => {
    const response = await sendRaw(
      port,
      serialize({ method: "GET", target: "/contentfulservice/api/v1/articles/%ZZ", headers: [["ocp-apim-subscription-key", backend.key]] }, "localhost"),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 400, errors: [{ field: "slug", code: "invalid" }] });
  });

  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: hostile paths, queries, headers and bodies, signed in and not",
    async (_name, route) => {
      const key: [string, string] = ["ocp-apim-subscription-key", backend.key];
      const signedIn = attemptsFor(route.method, route.path, [key, ["authorization", `Bearer ${token}`]], "?accountNumber=100001");
      const anonymous = attemptsFor(route.method, route.path, [key]).filter((attempt) => attempt.label.includes("segment"));
      expect(await failuresOf(port, [...signedIn, ...anonymous], apiShape)).toEqual([]);
    },
    120_000,
  );

  it("the stand-in's other paths: images, content admin, test hooks, unknown", async () => {
    const patterns = [
      ["GET", "/images/:path"],
      ["GET", "/admin/content/:slug"],
      ["POST", "/admin/content/:slug"],
      ["POST", "/__test/reset"],
      ["POST", "/__test/clock"],
      ["POST", "/__test/bad-id-token"],
      ["GET", "/__test/outbox"],
      ["GET", "/:anything"],
    ] as const;
    const attempts = patterns.flatMap(([method, pattern]) => attemptsFor(method, pattern, []));
    expect(await failuresOf(port, attempts, apiShape)).toEqual([]);
  }, 120_000);
});

describe("the identity provider", () => {
  const pattern = (route: string) => [`${route}`, `${route}/:extra`];
  const paths = [...Object.values(PROVIDER_ROUTES), "/.well-known/openid-configuration"].flatMap(pattern);
  const oauthQuery = (value: string) =>
    ["client_id", "redirect_uri", "response_type", "scope", "state", "nonce", "code_challenge", "ui_locales", "id_token_hint", "post_logout_redirect_uri", "returnTo", "audience", "prompt", "max_age"]
      .map((name) => `${name}=${value}`)
      .join("&");

  it.each(paths.map((route) => [route]))("%s: hostile paths, queries, headers and bodies", async (route) => {
    const attempts = ["GET", "POST"].flatMap((method) => attemptsFor(method, route, []));
    for (const value of QUERY_VALUES) {
      attempts.push({ label: `GET ${route} oauth query ${shorten(value)}`, request: { method: "GET", target: `${route.replace("/:extra", "")}?${oauthQuery(value)}` } });
    }
    for (const credentials of ["%ZZ:x", "x:%ZZ", "%:%", "\u00ff:\u00fe", ":", "no-colon"]) {
      attempts.push({
        label: `POST ${route} client credentials ${credentials}`,
        request: {
          method: "POST",
          target: route.replace("/:extra", ""),
          headers: [
            ["authorization", `Basic ${Buffer.from(credentials, "latin1").toString("base64")}`],
            ["content-type", "application/x-www-form-urlencoded"],
          ],
          body: "grant_type=%ZZ&code=%&refresh_token=%00&token=%FF",
        },
      });
    }
    expect(await failuresOf(port, attempts, idpShape)).toEqual([]);
  }, 120_000);

  it("/login/:uid, the login interaction", async () => {
    const attempts = ["GET", "POST"].flatMap((method) => attemptsFor(method, "/login/:uid", [["cookie", "_interaction=%ZZ; _session=%; x=%00"]]));
    attempts.push({
      label: "POST /login/abc with a broken form",
      request: { method: "POST", target: "/login/abc", headers: [["content-type", "application/x-www-form-urlencoded"]], body: "email=%ZZ&password=%" },
    });
    expect(await failuresOf(port, attempts, idpShape)).toEqual([]);
  }, 120_000);
});

// ---- the rebuild server -------------------------------------------------------------------------

describe("the rebuild server", () => {
  let server: http.Server;
  let rebuildPort: number;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "kp-hostile-"));
    const log = memoryLogger();
    const site = (name: "live" | "preview"): RebuildSite => {
      // Builds never run here: every webhook is refused before it could queue one.
      const pipeline = createSitePipeline({ site: name, store: releaseStore(path.join(dir, name)), build: async () => undefined, log });
      return { pipeline, queue: createBuildQueue(async () => undefined) };
    };
    server = createRebuildServer({
      verify: createVerifier({ secret: "hostile-secret", now: Date.now, requiredSignedHeaders: [TOPIC_HEADER] }),
      sites: { live: site("live"), preview: site("preview") },
      adminSecret: "admin-secret",
      log,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    rebuildPort = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["POST", "/hooks/content"],
    ["GET", "/hooks/status"],
    ["POST", "/admin/rollback"],
  ])("%s %s: hostile paths, queries, headers and bodies", async (method, route) => {
    const attempts = attemptsFor(method, route, [
      [TOPIC_HEADER, "%ZZ\u00ff"],
      [SIGNATURE_HEADER, "%ZZ"],
      [TIMESTAMP_HEADER, "1e400"],
      [SIGNED_HEADERS_HEADER, "%ZZ,,host,__proto__"],
      ["authorization", "Bearer %ZZ"],
    ]);
    expect(await failuresOf(rebuildPort, attempts, rebuildShape)).toEqual([]);
  }, 120_000);
});
