import type { Lang } from "../i18n/locale.ts";

/**
 * A time of day (`HH:MM`, 24 hours) as people read it in each language: `8.00` and `18.00` in
 * Dutch, `8:00 am` and `6:00 pm` in English.
 */
export function timeOfDay(time: string, lang: Lang): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const mm = String(minutes).padStart(2, "0");
  if (lang === "nl") return `${hours}.${mm}`;
  const half = hours < 12 ? "am" : "pm";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${half}`;
}
