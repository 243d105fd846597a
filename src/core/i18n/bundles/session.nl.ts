/** The `session` part in Dutch, a chunk of its own: sign-in trouble, session expiry, consent, debug (see `../index.ts`). */
export { nl } from "../session.ts";
