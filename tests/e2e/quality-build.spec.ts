import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { measureBudgets, overBudget, pageScripts, type BudgetName } from "../../dev/lib/budgets.ts";
import { liveBuildDir, scratchCopy } from "../quality/build-output.ts";
import { describeHtmlErrors, validateBuiltHtml } from "../quality/html-validity.ts";
import { brokenLinks, describeBrokenLinks, serveBuild } from "../quality/links.ts";

/**
 * Checks on the built output of this run (the live release the global setup built): HTML validity,
 * links and images, size budgets. Each check is also run on a scratch copy with a planted fault, to
 * prove it can fail; the copies live in the system's temp folder and are removed afterwards.
 */

const siteUrl = (): string => process.env["KP_SITE_URL"] ?? "";
/** CMS images come from the stand-in's image endpoint: checked, not crawled. */
const imageOrigin = (): string => `${process.env["KP_BACKEND_URL"] ?? ""}/images/`;

test.describe("HTML validity (Nu HTML Checker)", () => {
  test.setTimeout(240_000);

  test("every built page validates without errors", async () => {
    const result = await validateBuiltHtml(await liveBuildDir());
    test.info().annotations.push({ type: "checked", description: `${result.checked} pages; Astro redirect stubs skipped: ${result.skipped.length}` });
    expect(result.checked).toBeGreaterThan(100);
    expect(describeHtmlErrors(result.errors)).toEqual([]);
  });

  test("catches a planted invalid tag and passes the same page without it", async () => {
    const build = await liveBuildDir();
    const scratch = await scratchCopy(build, ["index.html", "klant-worden.html"]);
    try {
      const planted = path.join(scratch.dir, "klant-worden.html");
      await writeFile(planted, (await readFile(planted, "utf8")).replace("</h1>", "</h1><p><div>block in a paragraph</div></p></span>"));
      const result = await validateBuiltHtml(scratch.dir);
      expect(result.checked).toBe(2);
      expect(new Set(result.errors.map((error) => error.file))).toEqual(new Set(["klant-worden.html"]));
      expect(describeHtmlErrors(result.errors).join("\n")).toMatch(/Stray end tag “(span|p)”/);
    } finally {
      await scratch.dispose();
    }
  });
});

test.describe("links and images (linkinator)", () => {
  test.setTimeout(180_000);

  test("no broken internal link, fragment or image on any built page", async () => {
    const result = await brokenLinks(siteUrl(), await liveBuildDir(), [imageOrigin()]);
    expect(describeBrokenLinks(result.broken)).toEqual([]);
    expect(result.checked.length).toBeGreaterThan(300);
    // The images really were requested (a skipped origin would pass silently).
    expect(result.checked.filter((url) => url.startsWith(imageOrigin())).length).toBeGreaterThan(5);
  });

  test("catches a planted broken link and a missing image on a copy of the build", async () => {
    const scratch = await scratchCopy(await liveBuildDir());
    const server = await serveBuild(scratch.dir);
    try {
      const file = path.join(scratch.dir, "over-ons.html");
      await rm(`${file}.gz`, { force: true });
      await rm(`${file}.br`, { force: true });
      await writeFile(
        file,
        (await readFile(file, "utf8")).replace(
          "</h1>",
          `</h1><a href="/nieuws/bestaat-niet">kapot</a><img src="${imageOrigin()}bestaat-niet.jpg?w=320" alt="kapot">`,
        ),
      );
      const result = await brokenLinks(server.url, scratch.dir, [imageOrigin()]);
      expect(result.broken.map((link) => link.url).sort()).toEqual(
        [`${imageOrigin()}bestaat-niet.jpg?w=320`, `${server.url}/nieuws/bestaat-niet`].sort(),
      );
    } finally {
      await server.close();
      await scratch.dispose();
    }
  });
});

test.describe("size budgets (gzip bytes of the build)", () => {
  // One test per budget, so one figure over its limit does not hide another.
  const budgets: { name: BudgetName; title: string }[] = [
    { name: "articleJs", title: "an anonymous article page loads at most 5 KB gzip of JavaScript" },
    { name: "articleWeight", title: "an anonymous article page weighs at most 40 KB gzip of HTML, CSS and fonts" },
    { name: "firstPortalPageJs", title: "the first portal page (dashboard) loads at most 107 KB gzip of JavaScript" },
    { name: "portalScreenOwnJs", title: "each portal screen's own code is at most 30 KB gzip" },
    { name: "serviceWorker", title: "the service worker is at most 20 KB gzip" },
  ];
  for (const budget of budgets) {
    test(budget.title, async () => {
      const figures = (await measureBudgets(await liveBuildDir())).filter((figure) => figure.name === budget.name);
      for (const figure of figures) {
        test.info().annotations.push({ type: figure.name, description: `${figure.subject}: ${figure.bytes} / ${figure.limit} B` });
      }
      expect(figures.length).toBeGreaterThan(0);
      expect(overBudget(figures)).toEqual([]);
    });
  }

  test("a page's strings count in its language only, and each screen's own strings only on that screen", async () => {
    const build = await liveBuildDir();
    const strings = async (page: string): Promise<string[]> =>
      (await pageScripts(build, page, { anonymous: false })).files
        .map((file) => /\/([a-z]+\.(?:nl|en))\.[\w-]+\.js$/.exec(file)?.[1] ?? "")
        .filter(Boolean);
    expect(await strings("mijn-account/dashboard.html")).toEqual(["core.nl"]);
    expect(await strings("en/mijn-account/dashboard.html")).toEqual(["core.en"]);
    expect((await strings("mijn-account/facturen.html")).sort()).toEqual(["business.nl", "core.nl"]);
    expect((await strings("en/tht.html")).sort()).toEqual(["business.en", "core.en"]);
    expect((await strings("mijn-account/gebruikers.html")).sort()).toEqual(["account.nl", "core.nl"]);
    expect((await strings("en/mijn-account/profiel.html")).sort()).toEqual(["account.en", "core.en"]);
    expect((await strings("consent.html")).sort()).toEqual(["core.nl", "session.nl"]);
  });

  test("catches a planted oversized chunk on a copy of the build", async () => {
    const scratch = await scratchCopy(await liveBuildDir());
    try {
      const clean = await measureBudgets(scratch.dir);
      const dashboard = clean.find((figure) => figure.name === "portalScreenOwnJs" && figure.subject === "mijn-account/dashboard.html");
      const chunk = dashboard?.files.find((file) => /DashboardIsland/.test(file));
      if (!chunk) throw new Error("no dashboard chunk found in the build");
      // Random bytes do not compress: 40 KB of them push the screen's own code over its 30 KB.
      await appendFile(path.join(scratch.dir, chunk), `\n/*${randomBytes(30 * 1024).toString("base64")}*/`);
      await rm(path.join(scratch.dir, `${chunk}.gz`), { force: true });
      const over = overBudget(await measureBudgets(scratch.dir));
      expect(over.some((line) => line.startsWith("portalScreenOwnJs of mijn-account/dashboard.html"))).toBe(true);
      expect(over.some((line) => line.startsWith("portalScreenOwnJs of mijn-account/facturen.html"))).toBe(false);
    } finally {
      await scratch.dispose();
    }
  });
});
