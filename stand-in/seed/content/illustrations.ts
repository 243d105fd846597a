/**
 * Flat SVG illustrations for the seeded images: a gradient backdrop, a few deterministic decorative
 * circles and one motif drawn in a 100x100 box, centred. No text, so rendering does not depend on
 * the fonts of the machine.
 */
import { createHash } from "node:crypto";
import type { IconName } from "./images.ts";

export type Motif =
  | "glass" | "wine" | "bottles" | "cup" | "truck" | "crates" | "terrace" | "solar" | "people" | "tasting";

type Colors = readonly [string, string, string];

/** A small seeded PRNG (mulberry32), so decoration differs per image but never between runs. */
function random(seedText: string): () => number {
  let seed = createHash("sha256").update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bottle = (x: number, y: number, h: number, fill: string, cap: string): string =>
  `<rect x="${x}" y="${y + h * 0.35}" width="${h * 0.28}" height="${h * 0.65}" rx="3" fill="${fill}"/>` +
  `<rect x="${x + h * 0.09}" y="${y + h * 0.08}" width="${h * 0.1}" height="${h * 0.3}" fill="${fill}"/>` +
  `<rect x="${x + h * 0.08}" y="${y}" width="${h * 0.12}" height="${h * 0.08}" rx="1" fill="${cap}"/>`;

const crate = (x: number, y: number, fill: string, line: string): string =>
  `<rect x="${x}" y="${y}" width="30" height="18" rx="2" fill="${fill}"/>` +
  `<path d="M${x + 4} ${y + 4}h22M${x + 4} ${y + 9}h22M${x + 4} ${y + 14}h22" stroke="${line}" stroke-width="1.5"/>`;

const person = (x: number, y: number, s: number, body: string, skin: string): string =>
  `<circle cx="${x}" cy="${y}" r="${8 * s}" fill="${skin}"/>` +
  `<path d="M${x - 14 * s} ${y + 34 * s}a${14 * s} ${20 * s} 0 0 1 ${28 * s} 0z" fill="${body}"/>`;

const MOTIFS: Record<Motif, (c: Colors) => string> = {
  glass: ([a, b, c]) =>
    `<path d="M30 15h40l-6 75H36z" fill="${c}" opacity="0.9"/><path d="M32 30h36l-4.6 58H36.6z" fill="${a}"/>` +
    `<ellipse cx="50" cy="24" rx="19" ry="8" fill="#fff"/><path d="M70 35h8a8 8 0 0 1 0 30h-10" fill="none" stroke="${b}" stroke-width="4"/>`,
  wine: ([a, b]) =>
    `<path d="M28 10h20c0 22-4 32-10 34v34h10v4H28v-4h10V44c-6-2-10-12-10-34z" fill="${b}"/>` +
    `<rect x="36.5" y="43" width="3" height="36" fill="${b}"/>` +
    `<path d="M29.5 22h17c-1 12-4 19-8.5 20-4.5-1-7.5-8-8.5-20z" fill="${a}"/>` +
    bottle(58, 12, 74, a, b),
  bottles: ([a, b, c]) => bottle(14, 20, 70, a, c) + bottle(40, 10, 80, b, c) + bottle(66, 25, 65, c, a),
  cup: ([a, b, c]) =>
    `<path d="M20 40h52l-6 40H26z" fill="${c}"/><path d="M72 48h6a9 9 0 0 1 0 18h-8" fill="none" stroke="${c}" stroke-width="4"/>` +
    `<ellipse cx="46" cy="40" rx="26" ry="7" fill="${b}"/><ellipse cx="46" cy="40" rx="16" ry="4" fill="${a}"/>` +
    `<path d="M38 28c-4-6 4-8 0-16M50 28c-4-6 4-8 0-16" stroke="${c}" stroke-width="2" fill="none"/>`,
  truck: ([a, b, c]) =>
    `<rect x="5" y="30" width="60" height="40" rx="3" fill="${c}"/><path d="M65 42h18l12 14v14H65z" fill="${a}"/>` +
    `<rect x="70" y="46" width="12" height="9" fill="${b}"/><circle cx="22" cy="72" r="8" fill="#222"/>` +
    `<circle cx="80" cy="72" r="8" fill="#222"/><rect x="12" y="40" width="40" height="6" rx="3" fill="${a}"/>`,
  crates: ([a, b, c]) =>
    crate(5, 62, a, c) + crate(37, 62, b, c) + crate(69, 62, a, c) + crate(21, 42, b, c) + crate(53, 42, a, c) + crate(37, 22, b, c),
  terrace: ([a, b, c]) =>
    `<path d="M10 40q20-25 40 0z" fill="${a}"/><rect x="29" y="38" width="2" height="45" fill="${c}"/>` +
    `<path d="M50 45q20-25 40 0z" fill="${b}"/><rect x="69" y="43" width="2" height="40" fill="${c}"/>` +
    `<rect x="18" y="70" width="24" height="3" fill="${c}"/><rect x="58" y="72" width="24" height="3" fill="${c}"/>` +
    `<circle cx="85" cy="12" r="8" fill="${a}"/>`,
  solar: ([a, b, c]) =>
    `<circle cx="82" cy="16" r="11" fill="${c}"/>` +
    [0, 1, 2]
      .map((i) => `<path d="M${8 + i * 30} 80l10-30h22l-10 30z" fill="${a}" stroke="${b}" stroke-width="1.5"/>`)
      .join(""),
  people: ([a, b, c]) => person(28, 40, 1.1, a, c) + person(52, 34, 1.25, b, c) + person(76, 40, 1.1, c, b),
  tasting: ([a, , c]) =>
    [20, 50, 80]
      .map(
        (x, i) =>
          `<path d="M${x - 10} 25h20c0 18-4 26-10 28v22h7v3H${x - 7}v-3h7V53c-6-2-10-10-10-28z" fill="#fff" opacity="0.85"/>` +
          `<rect x="${x - 1.5}" y="52" width="3" height="24" fill="#fff" opacity="0.85"/>` +
          `<path d="M${x - 9} ${34 + i * 3}h18c-1 8-4 13-9 14-5-1-8-6-9-14z" fill="${i === 1 ? c : a}"/>`,
      )
      .join(""),
};

/** A full illustration for a content image at its original size. */
export function illustrationSvg(key: string, width: number, height: number, motif: Motif, colors: Colors): string {
  const rand = random(key);
  const [a, b, c] = colors;
  const circles = Array.from({ length: 6 }, () => {
    const r = (0.05 + rand() * 0.2) * Math.min(width, height);
    return `<circle cx="${(rand() * width).toFixed(1)}" cy="${(rand() * height).toFixed(1)}" r="${r.toFixed(1)}" fill="${rand() > 0.5 ? a : c}" opacity="0.18"/>`;
  }).join("");
  const size = Math.min(width, height) * 0.75;
  const scale = size / 100;
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/>` +
    `<stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${circles}` +
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">${MOTIFS[motif](colors)}</g></svg>`
  );
}

const PORTRAIT_PALETTES: Colors[] = [
  ["#264653", "#e9c46a", "#f4a261"],
  ["#1d3557", "#a8dadc", "#e5989b"],
  ["#3a5a40", "#dad7cd", "#d4a373"],
  ["#5f0f40", "#fb8b24", "#e9c46a"],
  ["#003049", "#eae2b7", "#c69c72"],
];

/** A square portrait placeholder for `people/<name>.jpg`: head and shoulders, colours from the name. */
export function portraitSvg(name: string, size: number): string {
  const rand = random(`people/${name}`);
  const [body, background, skin] = PORTRAIT_PALETTES[Math.floor(rand() * PORTRAIT_PALETTES.length)] ?? PORTRAIT_PALETTES[0]!;
  const hair = ["#2b2118", "#6b4226", "#c9a227", "#111", "#8d5524"][Math.floor(rand() * 5)] ?? "#111";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${background}"/>` +
    `<path d="M14 100a36 30 0 0 1 72 0z" fill="${body}"/>` +
    `<circle cx="50" cy="42" r="19" fill="${skin}"/>` +
    `<path d="M31 40a19 19 0 0 1 38 0c-6-8-14-10-19-10s-13 2-19 10z" fill="${hair}"/></svg>`
  );
}

const ICON_PATHS: Record<IconName, string> = {
  facebook: `<path d="M14 8h3V4h-3c-2.8 0-4.5 1.9-4.5 4.7V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V9c0-.6.4-1 1-1z"/>`,
  instagram: `<rect x="4" y="4" width="16" height="16" rx="5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3.5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="17" cy="7" r="1.2"/>`,
  linkedin: `<rect x="4" y="9" width="3.5" height="11"/><circle cx="5.75" cy="5.5" r="2"/><path d="M10 9h3.3v1.6c.6-1 1.9-1.9 3.7-1.9 3 0 3.5 2 3.5 4.6V20H17v-5.8c0-1.4 0-2.7-1.7-2.7s-1.9 1.2-1.9 2.6V20H10z"/>`,
  youtube: `<path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z"/>`,
  truck: `<path d="M2 6h12v9H2zM14 9h4l3 3v3h-7z"/><circle cx="6" cy="17" r="2"/><circle cx="17" cy="17" r="2"/>`,
  bottles: `<path d="M6 2h3v4l1.5 3v13h-6V9L6 6zM15 5h3v3l1.5 2.5V22h-6V10.5L15 8z"/>`,
  person: `<circle cx="12" cy="8" r="4"/><path d="M4 21a8 7 0 0 1 16 0z"/>`,
  leaf: `<path d="M20 4C10 4 4 9 4 16c0 1.5.3 2.8.8 4 .8-4 3.7-7.6 8.2-9.5-3.6 2.4-6 5.5-6.6 9.5 1.1.4 2.3.6 3.6.6C17 20.6 20 13 20 4z"/>`,
};

/** A 24x24 icon that takes the colour of its context (currentColor) when inlined; black as an image. */
export const iconSvg = (name: IconName): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor" color="#1d3557">${ICON_PATHS[name]}</svg>`;
