/** The business screens' English strings as a chunk of their own (see `index.ts`). */
export { en } from "./en/business.ts";
