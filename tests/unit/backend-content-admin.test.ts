import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../src/core/api/schemas/common.ts";
import { ArticleSchema, CategoryDetailSchema, LatestArticlesSchema, PageListResponseSchema, PageSchema, RedirectsResponseSchema } from "../../src/core/api/schemas/content.ts";
import {
  TEST_ADMIN_SECRET,
  setContentChangeListener,
  type ContentChangeEvent,
} from "../../stand-in/content-admin.ts";
import { runContentCli } from "../../stand-in/content-admin-cli.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

let backend: TestBackend;
const events: ContentChangeEvent[] = [];
beforeAll(async () => {
  backend = await startTestBackend();
  setContentChangeListener((event) => {
    events.push(event);
  });
});
afterEach(() => {
  events.length = 0;
});
afterAll(async () => {
  setContentChangeListener(undefined);
  await backend.close();
});

async function get(path: string, locale: Locale = "nl-NL", preview = false): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${backend.api}${path}${path.includes("?") ? "&" : "?"}locale=${locale}&preview=${preview}`, {
    headers: { "ocp-apim-subscription-key": backend.key },
  });
  return { status: response.status, body: await response.json() };
}

const admin = (path: string, body: unknown, secret = TEST_ADMIN_SECRET) =>
  fetch(`${backend.url}/admin/content/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const title = async (path: string, locale: Locale, preview: boolean): Promise<string | number> => {
  const { status, body } = await get(path, locale, preview);
  return status === 200 ? (body as { title: string }).title : status;
};

describe("content admin", () => {
  it("edits an article as a draft that only preview shows, then publishes it", async () => {
    const live = v.parse(ArticleSchema, (await get("/articles/zonnepanelen-dc")).body);
    const edit = await admin("articles/zonnepanelen-dc/edit", { locale: "nl-NL", title: "2.500 zonnepanelen op ons dak", bodyText: "Eerste alinea.\n\nTweede alinea." });
    expect(edit.status).toBe(200);
    expect(events).toEqual([{ action: "edit", type: "article", slug: "zonnepanelen-dc", locale: "nl-NL" }]);

    expect(await title("/articles/zonnepanelen-dc", "nl-NL", false)).toBe(live.title);
    const draft = v.parse(ArticleSchema, (await get("/articles/zonnepanelen-dc", "nl-NL", true)).body);
    expect(draft.title).toBe("2.500 zonnepanelen op ons dak");
    expect(draft.body.content).toHaveLength(2);
    // The other locale is untouched, live and in preview.
    expect(await title("/articles/zonnepanelen-dc", "en-US", true)).toBe("2,400 solar panels on our roof");

    events.length = 0;
    expect((await admin("articles/zonnepanelen-dc/publish", { locale: "nl-NL" })).status).toBe(200);
    expect(events).toEqual([{ action: "publish", type: "article", slug: "zonnepanelen-dc", locale: "nl-NL" }]);
    const published = v.parse(ArticleSchema, (await get("/articles/zonnepanelen-dc")).body);
    expect(published.title).toBe("2.500 zonnepanelen op ons dak");
    expect(published.publishedAt).toBe(live.publishedAt);
    expect(published.updatedAt > live.updatedAt).toBe(true);
  });

  it("unpublishes an article everywhere: gone live, still in preview, out of its category", async () => {
    const response = await admin("articles/minder-plastic/unpublish", {});
    expect(response.status).toBe(200);
    expect(events.map((event) => [event.action, event.locale])).toEqual([
      ["unpublish", "nl-NL"],
      ["unpublish", "en-US"],
    ]);
    expect((await get("/articles/minder-plastic")).status).toBe(404);
    expect(await title("/articles/minder-plastic", "nl-NL", true)).toBe("Minder plastic in de keten");
    const category = v.parse(CategoryDetailSchema, (await get("/categories/duurzaamheid")).body);
    expect(category.articles.map((article) => article.slug)).not.toContain("minder-plastic");
    const preview = v.parse(CategoryDetailSchema, (await get("/categories/duurzaamheid", "nl-NL", true)).body);
    expect(preview.articles.map((article) => article.slug)).toContain("minder-plastic");
    expect(preview.articleCount).toBe(category.articleCount + 1);

    expect((await admin("articles/minder-plastic/unpublish", {})).status).toBe(409);
    expect((await admin("articles/minder-plastic/publish", {})).status).toBe(200);
    expect(await title("/articles/minder-plastic", "en-US", false)).toBe("Less plastic in the chain");
  });

  it("creates a draft article, visible in preview only until published", async () => {
    const created = await admin("articles", {
      slug: "proeverij-najaar-2026",
      categorySlug: "evenementen",
      title: "Najaarsproeverij 2026",
      excerpt: "Proef de nieuwe herfstbieren in Zaandam.",
      bodyText: "Op 28 november openen wij de deuren van ons distributiecentrum.",
    });
    expect(created.status).toBe(201);
    expect(events.map((event) => [event.action, event.locale])).toEqual([
      ["create", "nl-NL"],
      ["create", "en-US"],
    ]);
    expect((await get("/articles/proeverij-najaar-2026")).status).toBe(404);
    const preview = v.parse(CategoryDetailSchema, (await get("/categories/evenementen", "en-US", true)).body);
    expect(preview.articles.map((article) => article.slug)).toEqual(["proeverij-najaar-2026"]);
    expect(v.parse(CategoryDetailSchema, (await get("/categories/evenementen")).body).articles).toEqual([]);

    await admin("articles/proeverij-najaar-2026/publish", {});
    const latest = v.parse(LatestArticlesSchema, (await get("/articles/latest?count=1")).body);
    expect(latest.articles[0]?.slug).toBe("proeverij-najaar-2026");
    expect(await title("/articles/proeverij-najaar-2026", "nl-NL", false)).toBe("Najaarsproeverij 2026");

    const again = await admin("articles", { slug: "proeverij-najaar-2026", categorySlug: "evenementen", title: "x", excerpt: "x", bodyText: "x" });
    expect(again.status).toBe(409);
  });

  it("edits a page's body to empty and back by publishing", async () => {
    const edit = await admin("pages/assortiment/edit", { locale: "en-US", body: null, intro: null });
    expect(edit.status).toBe(200);
    const draft = v.parse(PageSchema, (await get("/pages/assortiment", "en-US", true)).body);
    expect(draft.body).toBeNull();
    expect(v.parse(PageSchema, (await get("/pages/assortiment", "en-US")).body).body).not.toBeNull();
    await admin("pages/assortiment/publish", { locale: "en-US" });
    expect(v.parse(PageSchema, (await get("/pages/assortiment", "en-US")).body).body).toBeNull();
    expect(events.map((event) => `${event.action} ${event.type} ${event.slug} ${event.locale}`)).toEqual([
      "edit page assortiment en-US",
      "publish page assortiment en-US",
    ]);
  });

  it("creates a page no menu names, lists it once published, and takes it out on unpublish and delete", async () => {
    const listed = async (locale: Locale, preview = false): Promise<string[]> =>
      v.parse(PageListResponseSchema, (await get("/pages", locale, preview)).body).pages.map((page) => (page.parentSlug ? `${page.parentSlug}/${page.slug}` : page.slug));
    const draft = await admin("pages", { slug: "zomeractie", title: "Zomeractie", intro: "Alleen deze zomer", bodyText: "Tekst" });
    expect(draft.status).toBe(201);
    expect(await listed("nl-NL")).not.toContain("zomeractie");
    expect(await listed("nl-NL", true)).toContain("zomeractie");
    expect((await admin("pages/zomeractie/publish", {})).status).toBe(200);
    expect(await listed("nl-NL")).toContain("zomeractie");
    expect(await listed("en-US")).toContain("zomeractie");
    const sub = await admin("pages", { slug: "voorwaarden-actie", parentSlug: "zomeractie", title: "Voorwaarden", publish: true });
    expect(sub.status).toBe(201);
    expect(await listed("en-US")).toContain("zomeractie/voorwaarden-actie");
    expect((await admin("pages", { slug: "wees", parentSlug: "bestaat-niet", title: "Wees" })).status).toBe(400);
    expect((await admin("pages", { slug: "zomeractie", title: "Dubbel" })).status).toBe(409);

    expect((await admin("pages/zomeractie/unpublish", { locale: "nl-NL" })).status).toBe(200);
    expect(await listed("nl-NL")).not.toContain("zomeractie");
    expect(await listed("en-US")).toContain("zomeractie");
    events.length = 0;
    expect((await admin("pages/voorwaarden-actie/delete", {})).status).toBe(200);
    expect(events).toEqual([
      { action: "delete", type: "page", slug: "voorwaarden-actie", locale: "nl-NL" },
      { action: "delete", type: "page", slug: "voorwaarden-actie", locale: "en-US" },
    ]);
    expect(await listed("en-US", true)).not.toContain("zomeractie/voorwaarden-actie");
    expect(await title("/pages/voorwaarden-actie", "en-US", true)).toBe(404);
    expect((await admin("pages/voorwaarden-actie/delete", {})).status).toBe(404);
  });

  it("moves an article and a page with its sub pages to a new slug, and keeps the slug history", async () => {
    const history = async () => v.parse(RedirectsResponseSchema, (await get("/redirects", "en-US")).body);
    const before = await history();
    const moved = await admin("articles/mocktails-maken/move", { slug: "mocktails-mixen" });
    expect(moved.status).toBe(200);
    expect(events).toEqual([
      { action: "unpublish", type: "article", slug: "mocktails-maken", locale: "nl-NL" },
      { action: "publish", type: "article", slug: "mocktails-mixen", locale: "nl-NL" },
      { action: "unpublish", type: "article", slug: "mocktails-maken", locale: "en-US" },
      { action: "publish", type: "article", slug: "mocktails-mixen", locale: "en-US" },
    ]);
    expect(await title("/articles/mocktails-maken", "nl-NL", false)).toBe(404);
    expect(await title("/articles/mocktails-mixen", "en-US", false)).toEqual(expect.any(String));
    expect((await admin("pages/over-ons/move", { slug: "wie-wij-zijn" })).status).toBe(200);
    expect(v.parse(PageSchema, (await get("/pages/geschiedenis")).body).parentSlug).toBe("wie-wij-zijn");
    const after = await history();
    expect(after.moves.slice(before.moves.length).map((move) => [move.from, move.to])).toEqual([
      [{ type: "article", slug: "mocktails-maken", parentSlug: expect.any(String) }, { type: "article", slug: "mocktails-mixen", parentSlug: expect.any(String) }],
      [{ type: "page", slug: "over-ons", parentSlug: null }, { type: "page", slug: "wie-wij-zijn", parentSlug: null }],
      ...["geschiedenis", "ons-team"].map((slug) => [{ type: "page", slug, parentSlug: "over-ons" }, { type: "page", slug, parentSlug: "wie-wij-zijn" }]),
    ]);
    // Refused: a taken slug, the same slug, a bad slug; nothing recorded.
    expect((await admin("pages/wie-wij-zijn/move", { slug: "contact" })).status).toBe(409);
    expect((await admin("pages/wie-wij-zijn/move", { slug: "wie-wij-zijn" })).status).toBe(400);
    expect((await admin("pages/wie-wij-zijn/move", { slug: "Geen Slug" })).status).toBe(400);
    // Moved back, so other tests see the seed's addresses; deleting a live article records it as gone.
    expect((await admin("pages/wie-wij-zijn/move", { slug: "over-ons" })).status).toBe(200);
    expect((await admin("articles/mocktails-mixen/move", { slug: "mocktails-maken" })).status).toBe(200);
    expect((await history()).moves).toHaveLength(before.moves.length + 8);
    expect((await admin("articles", { slug: "kort-leven", categorySlug: "producten", title: "Kort", excerpt: "Kort", bodyText: "Kort", publish: true })).status).toBe(201);
    expect((await admin("articles/kort-leven/delete", {})).status).toBe(200);
    expect((await history()).gone.at(-1)?.place).toEqual({ type: "article", slug: "kort-leven", parentSlug: "producten" });
  });

  it("schedules a publish and an unpublish: the content API follows at the minute, the preview names them before", async () => {
    const minute = (offsetMinutes: number): string => new Date((Math.floor(clock.now() / 60_000) + offsetMinutes) * 60_000).toISOString();
    expect((await admin("articles", { slug: "kerstactie", categorySlug: "producten", title: "Kerstactie", excerpt: "Kort", bodyText: "Tekst" })).status).toBe(201);
    events.length = 0;
    const publishAt = minute(2);
    const scheduled = await admin("articles/kerstactie/schedule", { action: "publish", at: publishAt });
    expect(scheduled.status).toBe(200);
    expect(events).toEqual(["nl-NL", "en-US"].map((locale) => ({ action: "schedule", type: "article", slug: "kerstactie", locale, scheduled: { id: expect.any(String), action: "publish", at: publishAt } })));
    expect((await admin("articles/kerstactie/schedule", { action: "unpublish", at: minute(5), locale: "en-US" })).status).toBe(200);
    // Refused: not a whole minute, in the past, an unknown action.
    expect((await admin("articles/kerstactie/schedule", { action: "publish", at: new Date(Date.parse(minute(3)) + 30_000).toISOString() })).status).toBe(400);
    expect((await admin("articles/kerstactie/schedule", { action: "publish", at: minute(-1) })).status).toBe(400);
    expect((await admin("articles/kerstactie/schedule", { action: "archive", at: minute(3) })).status).toBe(400);

    expect(await title("/articles/kerstactie", "nl-NL", false)).toBe(404);
    const preview = v.parse(ArticleSchema, (await get("/articles/kerstactie", "en-US", true)).body);
    expect(preview.scheduled).toEqual([{ action: "publish", at: publishAt, locale: null }, { action: "unpublish", at: minute(5), locale: "en-US" }]);
    expect(v.parse(ArticleSchema, (await get("/articles/kerstactie", "nl-NL", true)).body).scheduled).toHaveLength(1);
    try {
      clock.advance(2 * 60_000);
      expect(await title("/articles/kerstactie", "nl-NL", false)).toBe("Kerstactie");
      expect(v.parse(ArticleSchema, (await get("/articles/kerstactie", "en-US")).body).scheduled).toBeUndefined();
      clock.advance(3 * 60_000);
      expect(await title("/articles/kerstactie", "en-US", false)).toBe(404);
      expect(await title("/articles/kerstactie", "nl-NL", false)).toBe("Kerstactie");
    } finally {
      clock.reset();
    }
  });

  it("refuses a wrong secret, unknown entries and bad input without telling the listener", async () => {
    expect((await admin("articles/wijn-per-glas/publish", {}, "wrong")).status).toBe(401);
    expect((await admin("articles/bestaat-niet/publish", {})).status).toBe(404);
    expect((await admin("pages/bestaat-niet/edit", { locale: "nl-NL", title: "x" })).status).toBe(404);
    const bad = await admin("articles/wijn-per-glas/edit", { locale: "fr-FR", title: " " });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: 400,
      errors: [
        { field: "locale", code: "invalid" },
        { field: "title", code: "required" },
      ],
    });
    const create = await admin("articles", { slug: "Geen Slug", categorySlug: "nergens", excerpt: "x", bodyText: "x" });
    expect(((await create.json()) as { errors: unknown }).errors).toEqual([
      { field: "slug", code: "slug" },
      { field: "title", code: "required" },
    ]);
    expect(events).toEqual([]);
  });

  it("keeps the action when the listener throws", async () => {
    setContentChangeListener(() => {
      throw new Error("webhook down");
    });
    try {
      expect((await admin("articles/wijn-per-glas/edit", { locale: "nl-NL", title: "Wijn per glas" })).status).toBe(200);
      expect(await title("/articles/wijn-per-glas", "nl-NL", true)).toBe("Wijn per glas");
    } finally {
      setContentChangeListener((event) => {
        events.push(event);
      });
    }
  });
});

describe("content CLI", () => {
  const run = async (...args: string[]): Promise<{ code: number; lines: string[] }> => {
    const lines: string[] = [];
    const code = await runContentCli([...args, "--backend", backend.url, "--secret", TEST_ADMIN_SECRET], (line) => lines.push(line));
    return { code, lines };
  };

  it("edits, publishes and unpublishes through the backend", async () => {
    expect(await run("edit", "article", "mocktails-maken", "--locale", "en-US", "--title", "Four mocktails")).toEqual({
      code: 0,
      lines: ["edit article mocktails-maken (en-US)"],
    });
    expect((await run("publish", "article", "mocktails-maken", "--locale", "en-US")).code).toBe(0);
    expect(await title("/articles/mocktails-maken", "en-US", false)).toBe("Four mocktails");
    expect((await run("unpublish", "page", "privacy")).lines).toEqual(["unpublish page privacy (nl-NL)", "unpublish page privacy (en-US)"]);
    expect(await title("/pages/privacy", "nl-NL", false)).toBe(404);
    expect(events.map((event) => event.action)).toEqual(["edit", "publish", "unpublish", "unpublish"]);
  });

  it("creates an article", async () => {
    const result = await run("create", "article", "cli-artikel", "--category", "producten", "--title", "Via de CLI", "--excerpt", "Kort", "--body-text", "Tekst", "--publish");
    expect(result.code).toBe(0);
    expect(await title("/articles/cli-artikel", "nl-NL", false)).toBe("Via de CLI");
  });

  it("creates a page no menu names and deletes it", async () => {
    expect((await run("create", "page", "cli-pagina", "--title", "Via de CLI", "--intro", "Kort", "--publish")).code).toBe(0);
    expect(await title("/pages/cli-pagina", "en-US", false)).toBe("Via de CLI");
    expect((await run("delete", "page", "cli-pagina")).lines).toEqual(["delete page cli-pagina (nl-NL)", "delete page cli-pagina (en-US)"]);
    expect(await title("/pages/cli-pagina", "nl-NL", true)).toBe(404);
  });

  it("schedules a publish", async () => {
    const at = new Date((Math.floor(clock.now() / 60_000) + 10) * 60_000).toISOString();
    expect((await run("schedule", "page", "vacatures", "--unpublish-at", at)).lines).toEqual([
      `schedule page vacatures (nl-NL) unpublish at ${at}`,
      `schedule page vacatures (en-US) unpublish at ${at}`,
    ]);
    expect((await run("schedule", "page", "vacatures")).code).toBe(2);
  });

  it("moves an entry to a new slug", async () => {
    expect((await run("move", "article", "mocktails-maken", "--to", "mocktails-cli")).lines).toContain("publish article mocktails-cli (nl-NL)");
    expect((await run("move", "article", "mocktails-cli", "--to", "mocktails-maken")).code).toBe(0);
    expect((await run("move", "article", "mocktails-maken")).code).toBe(2);
  });

  it("prints the usage for an incomplete command and the refusal for a failing one", async () => {
    const usage = await run("publish", "article");
    expect(usage.code).toBe(2);
    expect(usage.lines[0]).toMatch(/^usage: npm run content/);
    const refused = await run("publish", "article", "bestaat-niet");
    expect(refused).toEqual({ code: 1, lines: ['failed: HTTP 404 {"statusCode":404}'] });
  });
});
