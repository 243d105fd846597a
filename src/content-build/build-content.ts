import { parseBuildSettings, type BuildSettings } from "./build-settings.ts";
import { createContentApi } from "./content-api.ts";
import { createSiteData, type SiteData } from "./site-data.ts";
import { urlContextOf } from "../core/content/nav-url.ts";
import { cleanPath } from "../core/content/seo.ts";
import { contentLocale, langFromPath } from "../core/i18n/locale.ts";
import { recordRead, registerWarmContent, untracked } from "./warm-reads.ts";
import { nextContent } from "./warm-step.ts";

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
  data ??= newSiteData([]);
  return data;
}

function newSiteData(seed: [string, Promise<unknown>][]): SiteData {
  const { apiUrl, apiKey, preview } = buildSettings();
  return createSiteData(createContentApi({ apiUrl, apiKey, preview }), { seed, onRead: recordRead, untracked });
}

// A warm publishing process moves this build's content forward after a change (see warm-step.ts).
registerWarmContent(async (changes) => {
  const { next, step } = await nextContent(siteData(), newSiteData, changes);
  data = next;
  return step;
});

/** What every page needs: its language, the init of that language and the URL context. */
export async function pageContext(pathname: string) {
  const lang = langFromPath(cleanPath(pathname));
  const locale = contentLocale(lang);
  const data = siteData();
  const init = await data.init(locale);
  return { lang, locale, data, init, ctx: urlContextOf(lang, init.configuration, import.meta.env.SITE) };
}
