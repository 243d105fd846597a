/** The account screens' Dutch strings as a chunk of their own (see `index.ts`). */
export { nl } from "./account.ts";
