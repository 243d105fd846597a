/** The `session` part in English, a chunk of its own (see `../index.ts`). */
export { en } from "../en/session.ts";
