import { loadMessages } from "./index.ts";

/**
 * Imported (for its effect) by the business screens' islands: their strings (`biz.*`) load with
 * them, in the page's language, before they render, and stay out of every other portal page.
 */
await loadMessages("business");
