/**
 * The image endpoint, like a CMS image API: `GET /images/<path>?w=<width>&fm=<jpg|webp|png>`.
 * Public (no subscription key), cacheable for a year (a URL's pixels never change), and allowed
 * cross-origin so the sites on other ports can use it. Content images and people photos are drawn
 * from seeded SVG illustrations, scaled down (never up) and encoded by sharp; each output is cached
 * in the data folder. Icons are SVG and served as they are.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { sendJson } from "./http.ts";
import { iconSvg, illustrationSvg, portraitSvg } from "./seed/content/illustrations.ts";
import { ICONS, PEOPLE_NAME, PEOPLE_PHOTO_SIZE, imageByPath, type IconName } from "./seed/content/images.ts";

export const IMAGE_PREFIX = "/images/";
/** Largest width the endpoint renders; larger requests get the original width. */
const MAX_WIDTH = 4000;

const FORMATS = { jpg: "image/jpeg", webp: "image/webp", png: "image/png" } as const;
type Format = keyof typeof FORMATS;
const isFormat = (value: string): value is Format => Object.hasOwn(FORMATS, value);

/** A raster source: the SVG that draws it and its original size. */
type Source = { svg: string; width: number; height: number };

function rasterSource(imagePath: string): Source | undefined {
  const people = /^people\/([^/]+)\.jpg$/.exec(imagePath);
  if (people?.[1] && PEOPLE_NAME.test(people[1])) {
    return { svg: portraitSvg(people[1], PEOPLE_PHOTO_SIZE), width: PEOPLE_PHOTO_SIZE, height: PEOPLE_PHOTO_SIZE };
  }
  const image = imageByPath(imagePath);
  if (!image) return undefined;
  return {
    svg: illustrationSvg(image.path, image.width, image.height, image.art.motif, image.art.colors),
    width: image.width,
    height: image.height,
  };
}

function iconName(imagePath: string): IconName | undefined {
  const match = /^icons\/([a-z]+)\.svg$/.exec(imagePath);
  return (ICONS as readonly string[]).find((name) => name === match?.[1]) as IconName | undefined;
}

/**
 * Makes every backend-relative image URL (`/images/...`) inside a response body absolute, so the
 * site's pages, built elsewhere, load images from this backend. Returns a new value.
 */
export function absoluteImageUrls<T>(value: T, base: string): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, entry]) => [
        key,
        key === "url" && typeof entry === "string" && entry.startsWith(IMAGE_PREFIX) ? `${base}${entry}` : walk(entry),
      ]),
    );
  };
  return walk(value) as T;
}

/** Renders the same output once even when several requests ask for it at the same time. */
const inFlight = new Map<string, Promise<Buffer>>();

async function render(source: Source, width: number, format: Format): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(Buffer.from(source.svg)).resize({ width, withoutEnlargement: true });
  if (format === "jpg") return image.flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 80 }).toBuffer();
  return image.png().toBuffer();
}

/** The encoded image, from the data folder's cache or rendered and stored there. */
async function cached(cacheDir: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(cacheDir, key);
  try {
    return await readFile(file);
  } catch {
    // Not cached yet.
  }
  let pending = inFlight.get(file);
  if (!pending) {
    pending = (async () => {
      const output = await make();
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a concurrent reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, output);
      await rename(temporary, file);
      return output;
    })().finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

function send(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | string, type: string): void {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "public, max-age=31536000, immutable");
  res.setHeader("etag", etag);
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("cross-origin-resource-policy", "cross-origin");
  res.setHeader("x-content-type-options", "nosniff");
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("content-length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Serves one `/images/...` request; `dataDir` holds the cache of rendered sizes. */
export async function handleImage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  dataDir: string,
): Promise<void> {
  try {
    if (req.method !== "GET" && req.method !== "HEAD") return sendJson(res, 405, { statusCode: 405 });
    let imagePath: string;
    try {
      imagePath = decodeURIComponent(url.pathname.slice(IMAGE_PREFIX.length));
    } catch {
      return sendJson(res, 404, { statusCode: 404 });
    }
    const icon = iconName(imagePath);
    if (icon) return send(req, res, iconSvg(icon), "image/svg+xml; charset=utf-8");
    const source = rasterSource(imagePath);
    if (!source) return sendJson(res, 404, { statusCode: 404 });

    const errors: { field: string; code: string }[] = [];
    const w = url.searchParams.get("w");
    const fm = url.searchParams.get("fm") ?? "jpg";
    const requested = w === null ? source.width : Number(w);
    if (!Number.isInteger(requested) || requested < 1) errors.push({ field: "w", code: "invalid" });
    if (!isFormat(fm)) errors.push({ field: "fm", code: "invalid" });
    if (errors.length > 0 || !isFormat(fm)) return sendJson(res, 400, { statusCode: 400, errors });

    const width = Math.min(requested, source.width, MAX_WIDTH);
    // The drawing's hash in the name: a changed illustration never meets an old cached rendering.
    const drawing = createHash("sha256").update(source.svg).digest("hex").slice(0, 12);
    const key = `${imagePath.replace(/\.[a-z]+$/, "")}@${width}.${drawing}.${fm}`;
    const body = await cached(path.join(dataDir, "image-cache"), key, () => render(source, width, fm));
    send(req, res, body, FORMATS[fm]);
  } catch (error) {
    console.error("[images] failed", error);
    if (!res.headersSent) sendJson(res, 500, { statusCode: 500 });
  }
}
