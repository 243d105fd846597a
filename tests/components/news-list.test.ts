import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import NewsList from "../../src/components/NewsList.astro";
import type { MessageKey } from "../../src/core/i18n/index.ts";
import type { Lang } from "../../src/core/i18n/locale.ts";

/** The news screen with no article on it: the seeded site always has some, so only here. */
async function render(lang: Lang, emptyKey: MessageKey, activeCategory: string | null): Promise<string> {
  const container = await AstroContainer.create();
  return container.renderToString(NewsList, {
    props: {
      ctx: { lang, homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "http://localhost:4321" },
      title: "Nieuws",
      categories: [{ slug: "evenementen", title: "Evenementen" }],
      activeCategory,
      page: { items: [], nextPath: null },
      emptyKey,
    },
  });
}

/** The text of the empty state, or null when there is none. */
const emptyState = (html: string): string | null =>
  /<p class="kp-empty" data-empty="news"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

describe("the news screen without articles", () => {
  it("says the archive has none, in Dutch and in English, and offers no 'load more'", async () => {
    const nl = await render("nl", "public.news.empty.all", null);
    expect(emptyState(nl)).toBe("Er zijn geen artikelen beschikbaar");
    expect(nl).not.toMatch(/\sdata-load-more[\s>]/);
    expect(nl).not.toContain("data-cards");
    expect(emptyState(await render("en", "public.news.empty.all", null))).toBe("No articles available");
  });

  it("says an empty category has none, with the category navigation still there", async () => {
    const html = await render("en", "public.news.empty.category", "evenementen");
    expect(emptyState(html)).toBe("This category contains no articles");
    expect(html).toMatch(/<a href="\/en\/nieuws\/evenementen" aria-current="page">Evenementen<\/a>/);
  });
});
