import * as v from "valibot";
import { LOCAL_CONTENT_API_URL, LOCAL_SUBSCRIPTION_KEY } from "./local-defaults.ts";

const BooleanFlagSchema = v.pipe(
  v.optional(v.picklist(["true", "false", "1", "0", ""]), "false"),
  v.transform((flag) => flag === "true" || flag === "1"),
);

/** The build's environment: CONTENT_API_URL, CONTENT_API_KEY, CONTENT_PREVIEW; the local stack's values by default. */
const BuildSettingsSchema = v.object({
  CONTENT_API_URL: v.pipe(
    v.optional(v.string(), LOCAL_CONTENT_API_URL),
    v.url("CONTENT_API_URL must be an absolute URL"),
    // A trailing slash would double up when paths are appended.
    v.transform((url) => url.replace(/\/+$/, "")),
  ),
  CONTENT_API_KEY: v.pipe(
    v.optional(v.string(), LOCAL_SUBSCRIPTION_KEY),
    v.nonEmpty("CONTENT_API_KEY must not be empty"),
  ),
  CONTENT_PREVIEW: BooleanFlagSchema,
});

export type BuildSettings = { apiUrl: string; apiKey: string; preview: boolean };

/** Reads and validates the build's content settings; throws naming every bad variable. */
export function parseBuildSettings(env: Record<string, string | undefined>): BuildSettings {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const result = v.safeParse(BuildSettingsSchema, defined);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? "env"}: ${issue.message}`);
    throw new Error(`Invalid content build settings: ${problems.join("; ")}`);
  }
  const { CONTENT_API_URL, CONTENT_API_KEY, CONTENT_PREVIEW } = result.output;
  return { apiUrl: CONTENT_API_URL, apiKey: CONTENT_API_KEY, preview: CONTENT_PREVIEW };
}
