import type { nl } from "../common.ts";

/** The English of `../common.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "common.loading": "Loading…",
  "common.close": "Close",
  "common.error.title": "Something went wrong",
  "common.error.body": "Try again later",
  "common.retry": "Try again",
};
