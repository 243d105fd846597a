/**
 * The seeded image library: every picture the content refers to, with its original size and its
 * alternative text per language. The pixels are drawn from `art` on first request (see illustrations.ts),
 * so the seed stays small and deterministic.
 */
import type { Motif } from "./illustrations.ts";

export type SeedImage = {
  /** Path under the image endpoint, e.g. `content/tapbier.jpg`. */
  path: string;
  /** Backend-relative URL; responses make it absolute. */
  url: string;
  width: number;
  height: number;
  title: { nl: string; en: string };
  art: { motif: Motif; colors: [string, string, string] };
};

const image = (
  path: string,
  [width, height]: [number, number],
  nl: string,
  en: string,
  motif: Motif,
  colors: [string, string, string],
): SeedImage => ({ path, url: `/images/${path}`, width, height, title: { nl, en }, art: { motif, colors } });

const WIDE: [number, number] = [1600, 900];
const HERO: [number, number] = [2400, 1000];
const INLINE: [number, number] = [1200, 800];

/** Every seeded raster image by key. */
export const IMAGES = {
  tapbier: image("content/tapbier.jpg", WIDE, "Vers getapt bier in een glas", "Freshly drawn beer in a glass", "glass", ["#f6c453", "#b86b0b", "#fff8e7"]),
  wijn: image("content/wijn.jpg", WIDE, "Rode en witte wijn op een tafel", "Red and white wine on a table", "wine", ["#7a1f3d", "#f3e1c7", "#3d0d1e"]),
  frisdrank: image("content/frisdrank.jpg", WIDE, "Flesjes frisdrank in felle kleuren", "Bottles of soft drinks in bright colours", "bottles", ["#e94f37", "#3f88c5", "#f6f7eb"]),
  koffie: image("content/koffie.jpg", WIDE, "Een kop koffie met melkschuim", "A cup of coffee with milk foam", "cup", ["#6f4e37", "#d9b99b", "#f5ebe0"]),
  vrachtwagen: image("content/vrachtwagen.jpg", WIDE, "Bezorgwagen van Van Dam Dranken onderweg", "Van Dam Dranken delivery truck on the road", "truck", ["#1d4e89", "#7dcfb6", "#fbd1a2"]),
  magazijn: image("content/magazijn.jpg", WIDE, "Stellingen vol kratten in het magazijn", "Racks full of crates in the warehouse", "crates", ["#2b2d42", "#8d99ae", "#ef233c"]),
  terras: image("content/terras.jpg", WIDE, "Een zonnig terras met parasols", "A sunny terrace with parasols", "terrace", ["#ffb703", "#219ebc", "#fefae0"]),
  zonnepanelen: image("content/zonnepanelen.jpg", WIDE, "Zonnepanelen op het dak van het distributiecentrum", "Solar panels on the distribution centre roof", "solar", ["#023047", "#8ecae6", "#ffb703"]),
  team: image("content/team.jpg", WIDE, "Medewerkers van Van Dam Dranken", "Van Dam Dranken staff", "people", ["#588157", "#dad7cd", "#344e41"]),
  proeverij: image("content/proeverij.jpg", WIDE, "Proeverij met verschillende glazen", "Tasting with several glasses", "tasting", ["#9d4edd", "#e0aaff", "#240046"]),
  water: image("content/water.jpg", WIDE, "Glazen flessen mineraalwater", "Glass bottles of mineral water", "bottles", ["#48cae4", "#caf0f8", "#03045e"]),
  alcoholvrij: image("content/alcoholvrij.jpg", WIDE, "Alcoholvrije cocktails met fruit", "Alcohol-free cocktails with fruit", "glass", ["#ff8fab", "#fb6f92", "#ffe5ec"]),
  statiegeld: image("content/statiegeld.jpg", WIDE, "Lege flessen en blikjes voor statiegeld", "Empty bottles and cans for deposit return", "crates", ["#2a9d8f", "#e9c46a", "#264653"]),
  heroHome: image("content/hero-home.jpg", HERO, "Een volle horecazaak met gasten aan de bar", "A busy venue with guests at the bar", "terrace", ["#14213d", "#fca311", "#e5e5e5"]),
  heroOverOns: image("content/hero-over-ons.jpg", HERO, "Het distributiecentrum van Van Dam Dranken in de ochtend", "The Van Dam Dranken distribution centre in the morning", "truck", ["#264653", "#e76f51", "#f4a261"]),
  heroKlantWorden: image("content/hero-klant-worden.jpg", HERO, "Een accountmanager in gesprek met een ondernemer", "An account manager talking to a business owner", "people", ["#003049", "#fcbf49", "#eae2b7"]),
  inlineKoelcel: image("content/koelcel.jpg", INLINE, "Een goed gevulde koelcel", "A well-stocked cold room", "crates", ["#0077b6", "#90e0ef", "#03045e"]),
  inlineBar: image("content/bar.jpg", INLINE, "Tapinstallatie achter de bar", "Draught installation behind the bar", "glass", ["#bc6c25", "#fefae0", "#283618"]),
  seo: image("content/van-dam-dranken.jpg", [1200, 630], "Van Dam Dranken, drankengroothandel voor horeca en bedrijven", "Van Dam Dranken, beverage wholesaler for hospitality and business", "bottles", ["#1d3557", "#e63946", "#f1faee"]),
} satisfies Record<string, SeedImage>;

export type ImageKey = keyof typeof IMAGES;

/** Images the article generator rotates through. */
export const ARTICLE_IMAGE_KEYS: ImageKey[] = [
  "tapbier", "wijn", "frisdrank", "koffie", "vrachtwagen", "magazijn", "terras",
  "zonnepanelen", "team", "proeverij", "water", "alcoholvrij", "statiegeld",
];

/** Icons (menus, selling points) are SVG files served as they are. */
export const ICONS = [
  "facebook", "instagram", "linkedin", "youtube", "truck", "bottles", "person", "leaf",
] as const;
export type IconName = (typeof ICONS)[number];
export const iconUrl = (name: IconName): string => `/images/icons/${name}.svg`;

/** People photos (`people/<name>.jpg`): any simple name gets a deterministic portrait. */
export const PEOPLE_PHOTO_SIZE = 400;
export const PEOPLE_NAME = /^[a-z][a-z0-9-]{0,40}$/;

/** Finds a content image by its path under the endpoint. */
export const imageByPath = (path: string): SeedImage | undefined =>
  Object.values(IMAGES).find((entry) => entry.path === path);

/** The image as the API sends it, in one language. */
export const imageRef = (image: SeedImage, lang: "nl" | "en"): { url: string; title: string; width: number; height: number } => ({
  url: image.url,
  title: image.title[lang],
  width: image.width,
  height: image.height,
});
