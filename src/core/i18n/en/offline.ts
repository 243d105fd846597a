import type { nl } from "../offline.ts";

/** The English of `../offline.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "offline.title": "You are offline",
  "offline.page.message":
    "This page has not been saved for offline reading. Connect to the internet to open it.",
  "offline.private.title": "This needs a connection",
  "offline.private.message":
    "My account only works with an internet connection: your data is not kept on this device. Connect and try again.",
  "offline.retry": "Try again",
  "offline.available.title": "Available offline",
  "offline.available.news": "News archive",
  "offline.available.search": "Search saved pages",
  "offline.available.articles": "Saved articles",
  "offline.available.none":
    "No articles have been saved yet. Open the news while you are online and we will save the latest articles.",
  "offline.mark": "Available offline",
};
