import { nl as common } from "../common.ts";
import { nl as auth } from "../auth.ts";
import { nl as portal } from "../portal.ts";

/** The `core` part in Dutch: what any island may show (see `../index.ts`). */
export const nl = { ...common, ...auth, ...portal };
