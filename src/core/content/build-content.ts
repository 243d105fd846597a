import { parseBuildSettings, type BuildSettings } from "./build-settings.ts";
import { createContentApi } from "./content-api.ts";
import { createSiteData, type SiteData } from "./site-data.ts";

let settings: BuildSettings | undefined;
let data: SiteData | undefined;

/** The build's settings from its environment, validated once. */
export function buildSettings(): BuildSettings {
  settings ??= parseBuildSettings(process.env);
  return settings;
}

/**
 * The one content cache of a build: every page of the build shares it, so the init, each
 * category and each article are fetched once however many pages use them.
 */
export function siteData(): SiteData {
  if (!data) {
    const { apiUrl, apiKey, preview } = buildSettings();
    data = createSiteData(createContentApi({ apiUrl, apiKey, preview }));
  }
  return data;
}
