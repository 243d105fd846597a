import pLimit from "p-limit";
import * as v from "valibot";
import type { Locale } from "../core/api/schemas/common.ts";

/** A content call failed or returned content the site cannot render; the build stops with this message. */
export class ContentError extends Error {
  override name = "ContentError";
}

type ContentApiOptions = {
  apiUrl: string;
  apiKey: string;
  preview: boolean;
  /** Seam for tests; the build uses the global fetch. */
  fetch?: typeof fetch;
  /** Requests in flight at once. */
  concurrency?: number;
};

export type ContentApi = {
  /**
   * GETs `path` for a locale and validates the body. `entry` names what is fetched
   * (`article "slug"`) so a failed build says which entry and which field are wrong.
   * Resolves to null on 404 when `optional` is set.
   */
  get<S extends v.GenericSchema>(
    path: string,
    locale: Locale,
    schema: S,
    entry: string,
    optional?: false,
  ): Promise<v.InferOutput<S>>;
  get<S extends v.GenericSchema>(
    path: string,
    locale: Locale,
    schema: S,
    entry: string,
    optional: true,
  ): Promise<v.InferOutput<S> | null>;
};

/** The content API as the build sees it: subscription key header, locale and preview on every call. */
export function createContentApi(options: ContentApiOptions): ContentApi {
  const doFetch = options.fetch ?? fetch;
  // A build with tens of thousands of articles must not open as many connections at once.
  const limit = pLimit(options.concurrency ?? 8);
  const get = async (
    path: string,
    locale: Locale,
    schema: v.GenericSchema,
    entry: string,
    optional = false,
  ) => {
    const url = new URL(`${options.apiUrl}${path}`);
    url.searchParams.set("locale", locale);
    url.searchParams.set("preview", String(options.preview));
    const response = await limit(async () => {
      try {
        const res = await doFetch(url, {
          headers: { "Ocp-Apim-Subscription-Key": options.apiKey, accept: "application/json" },
        });
        return { status: res.status, body: res.ok ? ((await res.json()) as unknown) : undefined };
      } catch (error) {
        throw new ContentError(`Could not fetch ${entry} (${locale}) from ${url.href}: ${failureOf(error)}`);
      }
    });
    if (response.status === 404 && optional) return null;
    if (response.status !== 200) {
      throw new ContentError(
        `Fetching ${entry} (${locale}) from ${url.href} failed with HTTP ${response.status}`,
      );
    }
    return validate(schema, response.body, `${entry} (${locale})`);
  };
  return { get } as ContentApi;
}

/**
 * A failed request in words. fetch reports every network failure as "TypeError: fetch failed" and
 * keeps the reason (refused, reset, timed out) in `cause`: a build log needs the reason.
 */
function failureOf(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const reason = cause?.code ?? cause?.message;
  return reason === undefined ? String(error) : `${String(error)} (${String(reason)})`;
}

/** Validates content, or throws a message naming the entry and each bad field. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  entry: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const fields = result.issues
    .slice(0, 5)
    .map((issue) => `field "${v.getDotPath(issue) ?? "(root)"}": ${issue.message}`);
  throw new ContentError(`Invalid content in ${entry}: ${fields.join("; ")}`);
}
