import { parseRuntimeSettings, type RuntimeSettings } from "../settings.ts";

declare global {
  interface Window {
    /** Written by /settings.js (runtime settings per environment). */
    settings?: unknown;
  }
}

/** settings.js did not load at all: the page cannot work and the browser goes to the not-found route. */
export class SettingsMissingError extends Error {
  override name = "SettingsMissingError";
  constructor() {
    super("settings.js could not be loaded");
  }
}

let cached: RuntimeSettings | undefined;

/**
 * The parsed runtime settings from `window.settings`; throws SettingsMissingError when settings.js
 * never ran, or SettingsError (with a clear message) when it holds placeholders or bad values.
 */
export function runtimeSettings(): RuntimeSettings {
  if (cached) return cached;
  if (typeof window === "undefined" || window.settings === undefined) throw new SettingsMissingError();
  cached = parseRuntimeSettings(window.settings);
  return cached;
}
