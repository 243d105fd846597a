import { loadMessages } from "../i18n/index.ts";
import { SCREENS, type ScreenId } from "./screens.ts";

/**
 * Loads the strings part the screen's registry entry names (its `strings`), in the page's language.
 * A screen's island awaits it at the top of its module, so the strings are there before its first
 * render; moving a screen to another part is a change of its entry only. (Kept apart from the
 * registry so that reading the registry, as the build and the budgets do, loads no strings.)
 */
export const loadScreenStrings = (id: ScreenId): Promise<void> => loadMessages(SCREENS[id].strings);
