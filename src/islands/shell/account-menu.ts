import type { Lang } from "../../core/i18n/locale.ts";

/** What the header hands the account panel; the menu itself comes from the screen registry. */
export type AccountPanelProps = {
  lang: Lang;
};
