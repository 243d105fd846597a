import { loadMessages } from "./index.ts";

/**
 * Imported (for its effect) by the account screens (account details, own profile, users): their
 * strings load with them, in the page's language, before they render, and stay out of the first
 * portal page.
 */
await loadMessages("account");
