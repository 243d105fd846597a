/** The Dutch strings of sign-in trouble, session expiry, consent and debug, as a chunk of their own (see `index.ts`). */
export { nl } from "./session.ts";
