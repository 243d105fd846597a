/**
 * Extra archive articles for benchmarks (`KP_EXTRA_ARTICLES`, `npm run generate-content`).
 * Deterministic: article n is always the same. They are dated before the hand-written seed
 * (2019-2024), so the newest articles the site shows stay the same with or without them.
 */
import { ARTICLE_IMAGE_KEYS } from "./images.ts";
import type { SeedArticle } from "./articles.ts";
import { bold, doc, h2, p, ul } from "./rich-text.ts";

const CATEGORY_SLUGS = ["nieuws-algemeen", "producten", "horeca-tips", "duurzaamheid"] as const;
const TOPICS: [nl: string, en: string][] = [
  ["speciaalbier", "craft beer"],
  ["huiswijn", "house wine"],
  ["koffie", "coffee"],
  ["frisdrank", "soft drinks"],
  ["bezorging", "delivery"],
  ["voorraad", "stock"],
  ["terras", "terrace"],
  ["statiegeld", "deposits"],
];

const START = Date.UTC(2019, 0, 1);
const SPAN = Date.UTC(2024, 11, 31) - START;

/** `count` archive articles with slugs `archief-00001`…, spread over the four news categories. */
export function generatedArticles(count: number, offset = 0): SeedArticle[] {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i + 1;
    const [topicNl, topicEn] = TOPICS[n % TOPICS.length] ?? TOPICS[0]!;
    const number = String(n).padStart(5, "0");
    // A multiplicative step scatters dates so categories and pages are not in insertion order.
    const publishedAt = new Date(START + ((n * 7_919_993) % 1_000_003) * (SPAN / 1_000_003));
    publishedAt.setUTCHours(7, 30, 0, 0);
    return {
      slug: `archief-${number}`,
      category: CATEGORY_SLUGS[n % CATEGORY_SLUGS.length] ?? "nieuws-algemeen",
      publishedAt: publishedAt.toISOString(),
      image: ARTICLE_IMAGE_KEYS[n % ARTICLE_IMAGE_KEYS.length] ?? "tapbier",
      fields: (lang) => {
        const topic = lang === "nl" ? topicNl : topicEn;
        const title = lang === "nl" ? `Uit het archief: ${topic} (${number})` : `From the archive: ${topic} (${number})`;
        const excerpt =
          lang === "nl"
            ? `Een archiefbericht over ${topic}, nummer ${n}.`
            : `An archive article about ${topic}, number ${n}.`;
        return {
          title,
          excerpt,
          body: doc(
            p(bold(excerpt)),
            h2(lang === "nl" ? "Achtergrond" : "Background"),
            p(lang === "nl" ? `Dit bericht is gegenereerd voor prestatietests.` : `This article was generated for performance tests.`),
            ul(topic, lang === "nl" ? "archief" : "archive"),
          ),
        };
      },
    };
  });
}
