/** The account screens' English strings as a chunk of their own (see `index.ts`). */
export { en } from "./en/account.ts";
