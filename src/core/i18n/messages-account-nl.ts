/** The account screens' Dutch strings as a chunk of their own (see `index.ts`). */
import { nl as account } from "./account.ts";
import { nl as people } from "./people.ts";

export const nl = { ...account, ...people };
