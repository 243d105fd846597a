import type { nl } from "../contact.ts";

/** The English of `../contact.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "validation.customer_number": "A customer number has 6 to 10 digits, for example 100001.",
  "validation.choose_one": "Please make a choice.",
  "validation.choose_day": "Choose at least one day.",
};
