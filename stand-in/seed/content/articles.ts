/**
 * News articles as the database stores them: the texts of article-texts.ts composed into rich text.
 * Bodies rotate through four layouts so that, together, the articles use every rich-text node type
 * (headings 2-4, both lists, http/mailto/tel links, embedded images and article links, quote, rule).
 * `veiligheidstest` carries hostile content on purpose, for the site's safety test.
 */
import type { RichTextDocument, RichTextNode } from "../../../src/core/api/schemas/rich-text.ts";
import { ARTICLE_TEXTS, type ArticleText } from "./article-texts.ts";
import { IMAGES, type ImageKey } from "./images.ts";
import { articleLink, asset, bold, doc, h2, h3, h4, hr, link, ol, p, quote, text, ul } from "./rich-text.ts";
import type { Lang } from "./site.ts";

type ArticleFields = { title: string; excerpt: string; body: RichTextDocument };

export type SeedArticle = {
  slug: string;
  category: string;
  publishedAt: string;
  image: ImageKey;
  fields: (lang: Lang) => ArticleFields;
};

const t = (lang: Lang, nl: string, en: string): string => (lang === "nl" ? nl : en);

/** The layout-specific part of an article body; `previous` is the article before it in its category. */
function tail(layout: number, lang: Lang, entry: ArticleText, previous: ArticleText | undefined): RichTextNode[] {
  const [, , , more] = entry[lang];
  switch (layout) {
    case 0:
      return [asset(IMAGES[entry.image], entry[lang][0]), quote(more)];
    case 1:
      return [
        p(more),
        h3(t(lang, "Meer weten?", "Want to know more?")),
        p(
          t(lang, "Bel uw accountmanager of de klantenservice op ", "Call your account manager or customer service on "),
          link("tel:+31201234567", "020 123 45 67"),
          t(lang, ", of mail naar ", ", or e-mail "),
          link("mailto:klantenservice@vandamdranken.example", "klantenservice@vandamdranken.example"),
          ".",
        ),
      ];
    case 2:
      return [
        p(more),
        hr(),
        ...(previous
          ? [articleLink(previous.slug, previous.category, previous[lang][0])]
          : [p(link("https://assortiment.vandamdranken.example/", t(lang, "Bekijk ons assortiment", "Check our range")))]),
      ];
    default:
      return [
        p(more),
        // An h3 first: a heading level may not be skipped (the HTML check fails on h2 -> h4).
        h3(t(lang, "Praktisch", "In practice")),
        h4(t(lang, "Zo gaat u aan de slag", "How to get started")),
        ol(
          t(lang, "Bespreek het met uw accountmanager.", "Discuss it with your account manager."),
          [t(lang, "Bestel via de ", "Order through the "), link("https://assortiment.vandamdranken.example/", "webshop"), "."],
          t(lang, "Volg uw facturen en bonus in Mijn onderneming.", "Follow your invoices and bonus in My account."),
        ),
      ];
  }
}

function body(index: number, lang: Lang, entry: ArticleText, previous: ArticleText | undefined): RichTextDocument {
  const [, excerpt, lead] = entry[lang];
  return doc(
    p(bold(excerpt)),
    p(lead),
    h2(t(lang, "Wat betekent dit voor u?", "What does this mean for you?")),
    ...tail(index % 4, lang, entry, previous),
  );
}

const fromText = (entry: ArticleText, index: number): SeedArticle => {
  const previous = ARTICLE_TEXTS.slice(0, index).findLast((other) => other.category === entry.category);
  return {
    slug: entry.slug,
    category: entry.category,
    publishedAt: entry.publishedAt,
    image: entry.image,
    fields: (lang) => ({ title: entry[lang][0], excerpt: entry[lang][1], body: body(index, lang, entry, previous) }),
  };
};

/**
 * Hostile rich text for the site's safety test: script-like text must render as text, and the
 * javascript: and data: links must not become live links.
 */
const SAFETY_TEST: SeedArticle = {
  slug: "veiligheidstest",
  category: "nieuws-algemeen",
  publishedAt: "2025-08-01T07:30:00.000Z",
  image: "team",
  fields: (lang) => ({
    title: t(lang, "Veiligheidstest voor de weergave van rich text", "Safety test for rich-text rendering"),
    excerpt: "<img src=x onerror=alert(1)> " + t(lang, "Deze tekst moet letterlijk verschijnen.", "This text must appear literally."),
    body: doc(
      p(t(lang, "Dit artikel bevat opzettelijk schadelijke inhoud.", "This article deliberately contains hostile content.")),
      p("<script>alert(1)</script>"),
      p(text("<img src=x onerror=alert(1)>", "bold")),
      p(link("javascript:alert(1)", t(lang, "Klik hier (javascript-link)", "Click here (javascript link)"))),
      p(link("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", t(lang, "Open bijlage (data-link)", "Open attachment (data link)"))),
      ul("\"><svg onload=alert(1)>", "' onmouseover='alert(1)"),
      h2("<h1>Niet als HTML</h1>"),
      p(link("https://www.vandamdranken.example/", t(lang, "Een gewone, veilige link", "An ordinary, safe link"))),
    ),
  }),
};

/** Every seeded article: 40 regular articles and the safety test. */
export const ARTICLES: SeedArticle[] = [...ARTICLE_TEXTS.map(fromText), SAFETY_TEST];
