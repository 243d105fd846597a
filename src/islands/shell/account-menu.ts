import type { Permission } from "../../core/api/schemas/common.ts";

/** An account-menu item as the header hands it to the panel: the URL already built for the page's language. */
export type AccountMenuLink = {
  id: string;
  title: string;
  href: string;
  userPermissions: Permission[];
  /** Menus filter recursively; the account menu is flat, so its items have no sub menus. */
  subMenu: AccountMenuLink[][];
};

export type AccountPanelProps = {
  lang: "nl" | "en";
  items: AccountMenuLink[];
};
