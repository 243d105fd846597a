import type { nl } from "./account.nl.ts";
import { en as account } from "../en/account.ts";
import { en as people } from "../en/people.ts";
import { en as team } from "../en/team.ts";

/** The `account` part in English, a chunk of its own (see `../index.ts`). */
export const en: Record<keyof typeof nl, string> = { ...account, ...people, ...team };
