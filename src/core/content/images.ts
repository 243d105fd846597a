import type { Image } from "../api/schemas/common.ts";
import { memoByKey } from "../memo.ts";

/** Widths offered in every srcset; the image endpoint scales to any width given as `w`. */
const SRCSET_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

/** The image endpoint's URL for one width (the `w` parameter, like a CMS image API). */
export const imageUrl: (url: string, width: number) => string = memoByKey(
  20_000,
  (url, width) => `${width} ${url}`,
  widthUrl,
);

function widthUrl(url: string, width: number): string {
  // The base only resolves relative URLs; absolute ones keep their own origin.
  const parsed = new URL(url, "http://relative.invalid");
  parsed.searchParams.set("w", String(width));
  return parsed.origin === "http://relative.invalid" ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

/**
 * A `srcset` for an image: the standard widths up to its own width (never upscaled), plus the
 * original width itself so the largest candidate is the sharpest there is.
 */
export function buildSrcset(
  image: Pick<Image, "url" | "width">,
  widths: readonly number[] = SRCSET_WIDTHS,
): string {
  const candidates = new Set(widths.filter((width) => width < image.width));
  candidates.add(image.width);
  return [...candidates]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(image.url, width)} ${width}w`)
    .join(", ");
}

/** The attributes of a responsive <img>: intrinsic size reserves its space, so nothing shifts. */
export const responsiveImage: (image: Image, options: ImageOptions) => ResponsiveImageAttributes = memoByKey(
  5_000,
  (image, options) =>
    [image.url, image.width, image.height, image.title, options.sizes, options.defaultWidth].join("\u0000"),
  imageAttributes,
);

type ImageOptions = { sizes: string; defaultWidth?: number };
type ResponsiveImageAttributes = {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
};

function imageAttributes(image: Image, options: ImageOptions): ResponsiveImageAttributes {
  const fallback = Math.min(options.defaultWidth ?? 960, image.width);
  return {
    src: imageUrl(image.url, fallback),
    srcset: buildSrcset(image),
    sizes: options.sizes,
    width: image.width,
    height: image.height,
    alt: image.title,
  };
}
