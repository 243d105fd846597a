/** The account screens' English strings as a chunk of their own (see `index.ts`). */
import { en as account } from "./en/account.ts";
import { en as people } from "./en/people.ts";
import type { nl } from "./messages-account-nl.ts";

export const en: Record<keyof typeof nl, string> = { ...account, ...people };
