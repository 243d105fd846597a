import type { nl } from "./core.nl.ts";
import { en as common } from "../en/common.ts";
import { en as auth } from "../en/auth.ts";
import { en as portal } from "../en/portal.ts";

/** The `core` part in English: typed by the Dutch keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = { ...common, ...auth, ...portal };
