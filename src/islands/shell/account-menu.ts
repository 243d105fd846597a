import type { AccountMenuEntry } from "../../core/portal/account-menu.ts";
import type { Lang } from "../../core/i18n/locale.ts";

/** What the header hands the account panel: the account menu as the CMS orders and names it (src/core/portal/account-menu.ts). */
export type AccountPanelProps = {
  lang: Lang;
  menu: AccountMenuEntry[];
  /** Said after a link that opens in a new tab (a public string, so written in by the build). */
  newTab: string;
};
