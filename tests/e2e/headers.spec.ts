import { expect, test, type APIResponse } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { OPERATOR_FILES } from "../../publishing/build/build-site.ts";
import { releaseStore } from "../../publishing/releases/releases.ts";
import { testStackConfig } from "../../dev/lib/stack-config.ts";
import { storeDirFor } from "../../publishing/server/index.ts";

/** What every response of the live site carries (the rules: publishing/serving/headers.ts). */
function expectSecurityHeaders(response: APIResponse, frameAncestors: "'none'" | "'self'" = "'none'"): void {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const backend = new URL(process.env["KP_BACKEND_URL"] ?? "").origin;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(csp).toContain(`connect-src 'self' ${backend}`);
  expect(csp).toContain(`img-src 'self' data: ${backend}`);
  expect(csp).toContain(`frame-src 'self' ${backend}`);
  expect(csp).toContain(`form-action 'self' ${backend}`);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain(`frame-ancestors ${frameAncestors}`);
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-robots-tag"]).toBeUndefined();
}

test.describe("security and cache headers of the live site", () => {
  test("an HTML page: the policy, revalidated, compressed", async ({ request }) => {
    const response = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(response.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  });

  test("a hashed asset: immutable for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /["'](\/_astro\/[^"']+\.(?:css|js))["']/.exec(html)?.[1];
    expect(asset, "the home page links a hashed asset").toBeTruthy();
    const response = await request.get(asset as string);
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("an unknown path: the 404 page with status 404 and the same policy", async ({ request }) => {
    const response = await request.get("/deze-pagina-bestaat-echt-niet");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    expectSecurityHeaders(response);
  });

  test("the sign-in callback: no referrer, never framed", async ({ request }) => {
    const response = await request.get("/callback?code=x&state=y");
    expectSecurityHeaders(response);
    expect(response.headers()["referrer-policy"]).toBe("no-referrer");
  });

  test("the silent-renew page may be framed by the site itself only", async ({ request }) => {
    const response = await request.get("/silent-renew");
    expectSecurityHeaders(response, "'self'");
  });

  test("the build carries the same rules for CDN hosting, in files visitors cannot fetch", async ({ request }) => {
    const page = await request.get("/");
    const csp = page.headers()["content-security-policy"] ?? "";
    const release = releaseStore(storeDirFor(testStackConfig().releasesDir, "live")).current;
    expect(readFileSync(path.join(release, "_headers"), "utf8")).toContain(`Content-Security-Policy: ${csp}`);
    expect(readFileSync(path.join(release, "nginx-headers.conf"), "utf8")).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    for (const file of OPERATOR_FILES) {
      expect(existsSync(path.join(release, file)), file).toBe(true);
      for (const pathname of [`/${file}`, `/${file.replace(".", "%2e")}`]) {
        const response = await request.get(pathname);
        expect(response.status(), pathname).toBe(404);
        expectSecurityHeaders(response);
      }
    }
  });

  test("the home page runs under its policy without a violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});
