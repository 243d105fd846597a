import * as v from "valibot";

/**
 * The runtime settings that `public/settings.js` puts on `window.settings`, so one build serves every
 * environment.
 */
export const RuntimeSettingsSchema = v.object({
  apiUrl: v.string(),
  subscriptionKey: v.string(),
  auth: v.object({
    /** Base URL of the identity provider (its issuer). */
    domain: v.string(),
    clientId: v.string(),
    audience: v.string(),
    redirectUri: v.string(),
    claimNamespace: v.string(),
    organization: v.optional(v.string(), ""),
    expiryMarginSeconds: v.optional(v.number(), 60),
  }),
  debug: v.optional(v.boolean(), false),
});
export type RuntimeSettings = v.InferOutput<typeof RuntimeSettingsSchema>;

/** A value a deploy pipeline has not replaced yet, like `#{ApiUrl}#`. */
const PLACEHOLDER = /^#\{[^}]+\}#$/;

export class SettingsError extends Error {
  override name = "SettingsError";
}

/**
 * Validates raw settings; refuses to start while the API URL is still a deploy placeholder, which would
 * otherwise show up later as puzzling failed calls.
 */
export function parseRuntimeSettings(raw: unknown): RuntimeSettings {
  const result = v.safeParse(RuntimeSettingsSchema, raw);
  if (!result.success) {
    const where = result.issues.map((issue) => v.getDotPath(issue) ?? "settings").join(", ");
    throw new SettingsError(`Invalid runtime settings: ${where}`);
  }
  if (PLACEHOLDER.test(result.output.apiUrl)) {
    throw new SettingsError(
      `The API URL setting is still the placeholder ${result.output.apiUrl}; settings.js was not filled in at deploy.`,
    );
  }
  return result.output;
}
