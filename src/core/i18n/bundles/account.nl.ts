import { nl as account } from "../account.ts";
import { nl as people } from "../people.ts";
import { nl as team } from "../team.ts";

/** The `account` part in Dutch, a chunk of its own: account details, own profile, users (see `../index.ts`). */
export const nl = { ...account, ...people, ...team };
