/**
 * Drafts in the seed, so the preview site differs from the live one from the first start:
 * an article that was never published, and a pending edit of a published article.
 */
import type { SeedArticle } from "./articles.ts";
import { bold, doc, p } from "./rich-text.ts";

const t = (lang: "nl" | "en", nl: string, en: string): string => (lang === "nl" ? nl : en);

/** Never published: only preview shows it. */
export const DRAFT_ARTICLES: SeedArticle[] = [
  {
    slug: "huiswijnen-2027",
    category: "producten",
    publishedAt: "2026-11-20T07:30:00.000Z",
    image: "wijn",
    fields: (lang) => ({
      title: t(lang, "Concept: de huiswijnen van 2027", "Draft: the house wines of 2027"),
      excerpt: t(lang, "Onze inkopers proeven de nieuwe oogst; de keuze volgt in januari.", "Our buyers are tasting the new vintage; the choice follows in January."),
      body: doc(
        p(bold(t(lang, "Dit artikel is nog niet gepubliceerd.", "This article has not been published yet."))),
        p(t(lang, "De selectie wordt in januari bekendgemaakt.", "The selection will be announced in January.")),
      ),
    }),
  },
];

/** Pending edits of published articles: preview shows these titles, the live site the old ones. */
export const DRAFT_EDITS: { slug: string; title: { nl: string; en: string } }[] = [
  {
    slug: "app-bestellen",
    title: { nl: "Bestellen via de app, nu ook met uw vaste bestellijst", en: "Order through the app, now with your standing order list" },
  },
];
