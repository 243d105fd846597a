import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  headerContextFor,
  headersForPath,
  pathKind,
  renderHeadersFile,
  renderNginxInclude,
  scriptHash,
} from "../../publishing/serving/headers.ts";
import { inlineScriptHashes } from "../../publishing/build/inline-scripts.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";

const settings = {
  ...runtimeSettingsFor(testStackConfig()),
  apiUrl: "https://api.example.com/base",
  auth: { ...runtimeSettingsFor(testStackConfig()).auth, domain: "https://login.example.com/" },
};
const context = headerContextFor(settings, {
  imageOrigin: "https://images.example.com/",
  scriptHashes: ["'sha256-abc='"],
});

describe("security headers", () => {
  it("builds the CSP from the deployment's origins", () => {
    const csp = contentSecurityPolicy(context, "page");
    expect(csp.split("; ")).toEqual([
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' https://api.example.com https://login.example.com",
      "img-src 'self' data: https://images.example.com",
      "font-src 'self'",
      "frame-src 'self' https://login.example.com",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self' https://login.example.com",
      "frame-ancestors 'none'",
    ]);
  });

  it("lets only the silent-renew page be framed, by the site itself", () => {
    expect(pathKind("/silent-renew")).toBe("silent-renew");
    expect(pathKind("/en/silent-renew.html")).toBe("silent-renew");
    expect(headersForPath(context, "/silent-renew")["content-security-policy"]).toContain(
      "frame-ancestors 'self'",
    );
    expect(headersForPath(context, "/nieuws")["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("sends no referrer from the callback page and caches only hashed assets long", () => {
    expect(headersForPath(context, "/callback")["referrer-policy"]).toBe("no-referrer");
    expect(headersForPath(context, "/en/callback")["referrer-policy"]).toBe("no-referrer");
    expect(headersForPath(context, "/_astro/x.123.js")["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(headersForPath(context, "/settings.js")["cache-control"]).toBe("no-cache");
    expect(headersForPath(context, "/")).toMatchObject({
      "strict-transport-security": "max-age=63072000; includeSubDomains",
      "x-content-type-options": "nosniff",
    });
  });

  it("marks every response of the preview site noindex", () => {
    const preview = headerContextFor(settings, { preview: true });
    expect(headersForPath(preview, "/")["x-robots-tag"]).toBe("noindex, nofollow");
    expect(headersForPath(context, "/")["x-robots-tag"]).toBeUndefined();
  });

  it("hashes executable inline scripts only", () => {
    const html = `<script>alert(1)</script><script type="module" src="/_astro/a.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="module">import "/x.js";</script>`;
    expect(inlineScriptHashes(html)).toEqual([scriptHash("alert(1)"), scriptHash('import "/x.js";')]);
    // The known value for "alert(1)", as browsers report it in CSP violations.
    expect(scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it("hashes script elements only, never script-like text in attributes, titles, comments or text areas", () => {
    const template = "(()=>{self.Astro=1})();";
    const html = `<!doctype html><html><head><title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>
      <meta property="og:title" content="</title><script>alert(2)</script>">
      <meta name="description" content='<script>alert(3)</script>'>
      <script>${template}</script></head><body>
      <a href="/x?<script>alert(4)</script>" title="<script>alert(5)</script>">x</a>
      <!-- <script>alert(6)</script> --><textarea><script>alert(7)</script></textarea>
      <script type="text/plain">alert(8)</script><script type="application/ld+json">{"a":"</scr"}</script>
      <script>if (a &amp;&lt; b) run()</script></body></html>`;
    expect(inlineScriptHashes(html).sort()).toEqual(
      [scriptHash(template), scriptHash("if (a &amp;&lt; b) run()")].sort(),
    );
  });

  it("parses a page whenever one of its script tags may run inline, however the tag is written", () => {
    const run = "run()";
    const page = (tags: string): string =>
      `<html><head><script type="module" src="/_astro/a.js"></script>${tags}</head></html>`;
    // Each tag is an inline script to a browser; a page whose other scripts all have src still gets its hash.
    const inline = [
      `<script>${run}</script>`,
      `<SCRIPT>${run}</SCRIPT>`,
      `<script type="text&#47;javascript">${run}</script>`,
      `<script type="module"\u00a0src="/x.js">${run}</script>`,
      `<script data-note="a>b" type="module">${run}</script>`,
      `<script type=module>${run}</script>`,
      `<script/type="module">${run}</script>`,
    ];
    for (const tag of inline) expect(inlineScriptHashes(page(tag)), tag).toEqual([scriptHash(run)]);
    // Plainly not inline: a page of these alone is not parsed, and has nothing to hash.
    expect(
      inlineScriptHashes(
        page(`<script type="application/ld+json">{"a":1}</script><script src="/b.js" async></script>`),
      ),
    ).toEqual([]);
  });

  it("writes the same rules into _headers, detaching what a specific path changes", () => {
    const file = renderHeadersFile(context);
    expect(file).toContain(`/*\n  Content-Security-Policy: ${contentSecurityPolicy(context, "page")}`);
    expect(file).toContain(
      `/silent-renew\n  ! Content-Security-Policy\n  Content-Security-Policy: ${contentSecurityPolicy(context, "silent-renew")}`,
    );
    expect(file).toContain("/callback\n  ! Referrer-Policy\n  Referrer-Policy: no-referrer");
    expect(file).toContain(
      "/_astro/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable",
    );
  });

  it("writes an nginx include whose locations repeat the complete set", () => {
    const conf = renderNginxInclude(context);
    expect(conf).toContain(
      `add_header Content-Security-Policy "${contentSecurityPolicy(context, "page")}" always;`,
    );
    const callback = conf.slice(conf.indexOf("location ~ ^\\/callback"));
    expect(callback).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(callback).toContain("add_header Strict-Transport-Security");
  });
});
