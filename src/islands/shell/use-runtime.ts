import { useState } from "react";
import { runtimeSettings, SettingsMissingError } from "../../core/auth/runtime-settings.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";

/**
 * Checks the runtime settings once: without settings.js the browser goes to the not-found route
 * (no page can work without them); with bad settings the page says so instead of failing somewhere deeper.
 */
export function useRuntimeCheck(lang: Lang): { ok: true } | { ok: false; message: string | undefined } {
  const [result] = useState(() => {
    try {
      runtimeSettings();
      return { ok: true as const };
    } catch (error) {
      if (error instanceof SettingsMissingError) {
        window.location.replace(localizedPath(lang, "/404"));
        return { ok: false as const, message: undefined };
      }
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
  });
  return result;
}
