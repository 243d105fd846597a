/**
 * How a release's files are precompressed for the static server (sirv sends `.br` or `.gz` when
 * the browser accepts it): one set of rules for full builds and fast releases, so that both write
 * the same bytes (the differential test compares them).
 */
import zlib from "node:zlib";

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

export const isCompressibleType = (file: string): boolean => COMPRESSIBLE.test(file);

/** A precompressed copy (`x.html.br`, `x.html.gz`) rather than a file of the site itself. */
export const isCompressedVariant = (file: string): boolean => /\.(br|gz)$/.test(file);

export const worthCompressing = (body: Buffer): boolean => body.length >= MIN_COMPRESS_BYTES;

/**
 * A build asset Astro names by its content (`_astro/<name>.<hash>.js`): the same name holds the
 * same bytes in every build of the same code, the live site's and the preview's alike.
 */
export const isHashedAsset = (file: string): boolean => file.startsWith("_astro/");

/** Hashed assets are compressed once and served for a year: worth brotli's best; pages are many. */
export const brotliOptions = (file: string): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: isHashedAsset(file) ? 11 : 6 },
});

export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 9 };
