import { nl as common } from "./common.ts";
import { nl as auth } from "./auth.ts";
import { nl as portal } from "./portal.ts";

/** The Dutch strings every island may use (the business screens add `business.ts` on their own). */
export const nl = { ...common, ...auth, ...portal };
