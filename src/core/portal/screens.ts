import type { Permission } from "../api/schemas/common.ts";
import type { MessageKey, StringsPart as AnyStringsPart } from "../i18n/index.ts";
import { localizedPath, unlocalizedPath, type Lang } from "../i18n/locale.ts";
import { isAllowed } from "../permissions/index.ts";

/** A part of the strings (src/core/i18n): `core` is on every page, the others load with the screens that ask. */
export type StringsPart = Exclude<AnyStringsPart, "site">;

/** One private screen of the portal: everything the guard, the menus and the docs know of it. */
export type Screen = {
  /**
   * The Dutch path, which is also the page file's route. The English path is the same under `/en`
   * (the site's i18n builds every page in both languages from one file), so it is derived, never written.
   */
  path: string;
  /** Paths below `path` are the same screen (the bonus tool's steps `/bonus/<step>`). */
  subPaths: boolean;
  /** At least one of these opens it (ADMINISTRATOR always does); empty: being signed in is enough. */
  permissions: readonly Permission[];
  /** Its name in the portal navigation, the account menu and the dashboard's quick links. */
  label: MessageKey;
  /** False for screens a person without any account may open (consent, the debug view). */
  needsAccount: boolean;
  /** The strings part its island loads besides `core` (`loadScreenStrings` in screen-strings.ts reads it). */
  strings: StringsPart;
  /** Listed in the portal navigation and the account menu (the bonus tool opens from its overview). */
  inMenu: boolean;
  /** Listed only for a person with at least this many accounts (the all-outlets screen: two). */
  minAccounts: number;
};

/**
 * Every private screen, in menu order. To add a screen: one entry here, its page file and its island
 * (docs/portal-howto.md walks through it); the guard, the portal navigation, the account menu, the
 * dashboard's quick links and the route table in the docs follow from the entry.
 */
export const SCREENS = {
  dashboard: screen("/mijn-account/dashboard", [], "auth.dashboard", { strings: "core" }),
  invoices: screen("/mijn-account/facturen", ["FACTUREN"], "portal.links.invoices", { strings: "business" }),
  /** Addition: where the customer lands after the payment provider's checkout (paying invoices online). */
  payment: screen("/mijn-account/betaling", ["FACTUREN"], "portal.links.payment", { strings: "business", inMenu: false }),
  documents: screen("/mijn-account/documenten", ["DOCUMENTEN"], "portal.links.documents", { strings: "business" }),
  // What was delivered is checked against what is billed, and the delivery note is a document: either opens it.
  deliveries: screen("/mijn-account/leveringen", ["FACTUREN", "DOCUMENTEN"], "portal.links.deliveries", { strings: "business" }),
  // The deposit held is money billed on the invoices: FACTUREN.
  empties: screen("/mijn-account/emballage", ["FACTUREN"], "portal.links.empties", { strings: "business" }),
  // A tap that fails concerns anyone running the outlet, not only who sees its invoices: no permission. A reference to
  // an invoice, a delivery or empties is accepted only from someone who may open that screen (the API checks it).
  service: screen("/mijn-account/service", [], "portal.links.service", { strings: "business" }),
  bonusOverview: screen("/mijn-account/bonus-overzicht", ["BONUS"], "portal.links.bonus", { strings: "business" }),
  contract: screen("/mijn-account/swo", ["SAMENWERKINGSOVEREENKOMST"], "portal.links.contract", { strings: "business" }),
  users: screen("/mijn-account/gebruikers", ["GEBRUIKERSBEHEER"], "portal.links.users", { strings: "account" }),
  activity: screen("/mijn-account/activiteit", ["GEBRUIKERSBEHEER"], "portal.links.activity", { strings: "account" }),
  account: screen("/mijn-account/account", [], "portal.links.account", { strings: "account" }),
  profile: screen("/mijn-account/profiel", [], "portal.links.profile", { strings: "account" }),
  notifications: screen("/mijn-account/meldingen", [], "portal.links.notifications", { strings: "core" }),
  tht: screen("/tht", [], "portal.links.tht", { strings: "business" }),
  outlets: screen("/mijn-account/vestigingen", [], "portal.links.outlets", { strings: "business", minAccounts: 2 }),
  bonusTool: screen("/bonus", ["BONUS"], "portal.links.bonusTool", { strings: "business", subPaths: true, inMenu: false }),
  consent: screen("/consent", [], "portal.links.consent", { strings: "session", needsAccount: false, inMenu: false }),
  debug: screen("/debug", [], "portal.links.debug", { strings: "session", needsAccount: false, inMenu: false }),
} satisfies Record<string, Screen>;

export type ScreenId = keyof typeof SCREENS;

function screen(
  path: string,
  permissions: readonly Permission[],
  label: MessageKey,
  rest: Pick<Screen, "strings"> & Partial<Pick<Screen, "subPaths" | "needsAccount" | "inMenu" | "minAccounts">>,
): Screen {
  return { path, permissions, label, subPaths: false, needsAccount: true, inMenu: true, minAccounts: 1, ...rest };
}

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/** The screen's path in a language: `/mijn-account/facturen`, `/en/mijn-account/facturen`. */
export const screenHref = (id: ScreenId, lang: Lang): string => localizedPath(lang, SCREENS[id].path);

/** The screen a page path shows, in either language, with or without a trailing slash. */
export function screenAt(pathname: string): ScreenId | undefined {
  const clean = unlocalizedPath(pathname.replace(/\/+$/, "") || "/");
  return SCREEN_IDS.find((id) => {
    const { path, subPaths } = SCREENS[id];
    return clean === path || (subPaths && clean.startsWith(`${path}/`));
  });
}

/** The screens of the portal navigation and the account menu that the holder of `accounts` accounts may open. */
export const menuScreens = (held: readonly Permission[], accounts = 1): ScreenId[] =>
  SCREEN_IDS.filter((id) => SCREENS[id].inMenu && accounts >= SCREENS[id].minAccounts && isAllowed(SCREENS[id].permissions, held));

/** Whether a page shows the portal navigation: the menu's screens do (full-screen and account-less ones do not). */
export function hasPortalNav(pathname: string): boolean {
  const id = screenAt(pathname);
  return id !== undefined && SCREENS[id].inMenu;
}
