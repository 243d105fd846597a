import { useStore } from "@nanostores/react";
import { localizedPath } from "../../core/i18n/locale.ts";
import { visibleEntries, type AccountMenuEntry } from "../../core/portal/account-menu.ts";
import { hasPortalNav, screenHref } from "../../core/portal/screens.ts";
import { $accounts } from "../../core/stores/accounts.ts";
import { $permissions, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { AccountSelection } from "./AccountSelection.tsx";
import { useT } from "./use-t.ts";

type Props = { lang: Lang; menu: AccountMenuEntry[]; newTab: string; user: { name: string; email: string } };

/**
 * What the header's account panel shows when opened: the person, the current account with the
 * switch to the others, the account menu (on pages without the portal navigation) and sign-out.
 * A chunk of its own, loaded after the page's first paint (AccountPanel.tsx).
 */
export default function AccountPanelBody({ lang, menu: accountMenu, newTab, user }: Props) {
  const t = useT(lang);
  const accounts = useStore($accounts);
  const held = useStore($permissions);
  const account = useStore($selectedAccountRecord);
  // A portal page lists the screens in its own navigation; elsewhere the panel is the way in.
  const menu = hasPortalNav(window.location.pathname)
    ? []
    : accounts.status === "ready"
      ? visibleEntries(accountMenu, held, accounts.list.length)
      : accountMenu.filter((entry) => entry.kind === "screen" && entry.screen === "dashboard");
  return (
    <>
      <div className="kp-account__body">
        <p className="kp-account__who">
          <strong>{user.name}</strong>
          <br />
          <span>{user.email}</span>
        </p>
        {account && (
          <p className="kp-account__current" data-current-account={account.accountnumber}>
            <span>{t("auth.account.current")}: </span>
            <strong>{account.name}</strong> ({account.accountnumber})
          </p>
        )}
        <AccountSelection lang={lang} headingLevel={3} />
        {menu.length > 0 && (
          <nav aria-label={t("auth.account.panel")}>
            <ul className="kp-account__menu">
              {menu.map((entry) =>
                entry.kind === "screen" ? (
                  <li key={entry.screen}>
                    <a href={screenHref(entry.screen, lang)}>{entry.title}</a>
                  </li>
                ) : (
                  <li key={entry.id}>
                    <a
                      href={entry.href}
                      {...(entry.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    >
                      {entry.title}
                      {entry.external && <span className="kp-sr-only"> {newTab}</span>}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
        )}
      </div>
      {/* Its own row under the body; the link only as wide as its text, so it covers no more of the page than it must. */}
      <div className="kp-account__foot">
        <a className="kp-account__logout" href={localizedPath(lang, "/uitloggen")} data-sign-out>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M7 10V7a5 5 0 0 1 9.9-1h-2.1A3 3 0 0 0 9 7v3h9a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Z"
              fill="currentColor"
            ></path>
          </svg>
          {t("auth.signOut")}
        </a>
      </div>
    </>
  );
}
