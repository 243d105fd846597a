import { loadMessages } from "./index.ts";

/**
 * Imported (for its effect) by the views of a sign-in that needs more than a click (the error
 * message, the session-expired dialog, consent, the debug page): their strings load with them and
 * stay out of every page that does not show them.
 */
await loadMessages("session");
