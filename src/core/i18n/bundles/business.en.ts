/** The `business` part in English, a chunk of its own (see `../index.ts`). */
export { en } from "../en/business.ts";
