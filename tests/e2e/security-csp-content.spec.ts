/**
 * Hostile text published through the stand-in CMS must not change the site's CSP. The content is
 * edited and published in a backend of its own (the shared test stack's content stays untouched),
 * the site is built from it with the real build, and the inline-script hashes the build allows are
 * compared with those of the shared stack's release, built from the unchanged seed.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { collectScriptHashes, HEADER_CONTEXT_FILE, runAstroBuild } from "../../publishing/build/build-site.ts";
import type { HeaderContext } from "../../publishing/serving/headers.ts";
import { backendUrl, contentApiUrl, siteUrl, testStackConfig, type StackConfig } from "../../dev/lib/stack-config.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { storeDirFor } from "../../publishing/server/index.ts";

const PAYLOAD = "</title><script>alert(1)</script>";

let outDir: string;
let config: StackConfig;
let backend: TestBackend;

async function admin(route: string, body: unknown): Promise<void> {
  const response = await fetch(`${backendUrl(config)}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `content admin ${route}`).toBeLessThan(300);
}

test.beforeAll(async () => {
  const shared = testStackConfig();
  // Astro builds only inside the project (its chunks must resolve the project's packages).
  outDir = path.join(path.dirname(shared.releasesDir), `csp-content-${process.pid}`);
  backend = await startTestBackend();
  config = backend.config;
});

test.afterAll(async () => {
  await backend?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

test("an article titled with a script, with script text in its links and body, adds no hash to the CSP", async () => {
  test.setTimeout(300_000);
  const latest = (await (
    await fetch(`${contentApiUrl(config)}/articles/latest?locale=nl-NL&count=1`, {
      headers: { "ocp-apim-subscription-key": config.subscriptionKey },
    })
  ).json()) as { articles: { slug: string; categorySlug: string }[] };
  const article = latest.articles[0];
  if (!article) throw new Error("the seed has no article");
  const text = (value: string) => ({ nodeType: "text", value, marks: [] });
  await admin(`articles/${article.slug}/edit`, {
    locale: "nl-NL",
    title: PAYLOAD,
    excerpt: `"><script>alert(2)</script>`,
    body: {
      nodeType: "document",
      content: [
        { nodeType: "paragraph", content: [text("<script>alert(3)</script>")] },
        {
          nodeType: "paragraph",
          content: [
            { nodeType: "hyperlink", data: { uri: "https://example.com/?q=</a><script>alert(4)</script>" }, content: [text(PAYLOAD)] },
            { nodeType: "hyperlink", data: { uri: "/nieuws?x=<script>alert(5)</script>" }, content: [text("intern")] },
          ],
        },
      ],
    },
  });
  await admin(`articles/${article.slug}/publish`, { locale: "nl-NL" });

  await runAstroBuild({
    outDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    siteUrl: siteUrl(testStackConfig()),
    // Inside the backend's temporary folder, removed with it.
    cacheDir: path.join(path.dirname(config.dataDir), "astro-cache"),
  });

  // The payload is in the built article, where Astro left `<` unescaped: in og:title.
  const html = await readFile(path.join(outDir, "nieuws", article.categorySlug, `${article.slug}.html`), "utf8");
  expect(html).toContain(`content="${PAYLOAD}`);

  const seeded = JSON.parse(
    await readFile(path.join(storeDirFor(testStackConfig().releasesDir, "live"), "current", HEADER_CONTEXT_FILE), "utf8"),
  ) as HeaderContext;
  expect(await collectScriptHashes(outDir)).toEqual(seeded.scriptHashes);
});
