import { useCallback } from "react";
import { translate, type Lang, type MessageKey } from "../../core/i18n/index.ts";

/** The translate function for one language, stable across renders. */
export function useT(lang: Lang): (key: MessageKey, vars?: Record<string, string | number>) => string {
  return useCallback((key, vars) => translate(lang, key, vars), [lang]);
}
