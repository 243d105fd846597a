/** The `business` part in Dutch, a chunk of its own: the business screens' strings (see `../index.ts`). */
export { nl } from "../business.ts";
