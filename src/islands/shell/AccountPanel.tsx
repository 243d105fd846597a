import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import { sessionBrowser, startAuth } from "../../core/session/session.ts";
import { localizedPath, pluralKey } from "../../core/i18n/locale.ts";
import { $unreadCount, ensureInbox } from "../../core/portal/inbox.ts";
import { visibleEntries } from "../../core/portal/account-menu.ts";
import { hasPortalNav, screenHref } from "../../core/portal/screens.ts";
import { $accounts, ensureAccounts } from "../../core/stores/accounts.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $permissions, $selectedAccount, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import type { AccountPanelProps } from "./account-menu.ts";
import { AccountSelection } from "./AccountSelection.tsx";
import { useT } from "./use-t.ts";

/**
 * The header's account panel for signed-in visitors: name, current account with a switch to the
 * others, the account menu filtered by permission (on pages without the portal navigation), unread
 * notifications and sign-out. Opens and closes with mouse and keyboard; closes on outside click and
 * Escape. It never reaches past the screen: its body scrolls on its own and sign-out stays in view.
 */
export function AccountPanel({ lang, menu: accountMenu, newTab }: AccountPanelProps) {
  const t = useT(lang);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const auth = useStore($auth);
  const accounts = useStore($accounts);
  const held = useStore($permissions);
  const account = useStore($selectedAccountRecord);
  const selected = useStore($selectedAccount);
  const unread = useUnread(selected, lang);

  useEffect(() => {
    void startAuth().then(() => {
      if ($auth.get().isAuthenticated) ensureAccounts(api());
      // A stale hint (session gone): show the anonymous header again.
      else sessionBrowser().markSignedOut();
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent): void => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!auth.isAuthenticated || !auth.user) return null;
  // A portal page lists the screens in its own navigation; elsewhere the panel is the way in.
  const menu = hasPortalNav(window.location.pathname)
    ? []
    : accounts.status === "ready"
      ? visibleEntries(accountMenu, held, accounts.list.length)
      : accountMenu.filter((entry) => entry.kind === "screen" && entry.screen === "dashboard");

  return (
    <div className="kp-account" ref={root} data-account-panel-root>
      <button
        ref={toggle}
        type="button"
        className="kp-account__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg
          className="kp-account__icon"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5Z"
            fill="currentColor"
          ></path>
        </svg>
        <span className="kp-account__name">{auth.user.name}</span>
        {unread > 0 && (
          <span className="kp-account__badge">
            <span aria-hidden="true">{unread}</span>
            <span className="kp-sr-only">{t(pluralKey(lang, "auth.notifications.count", unread), { count: unread })}</span>
          </span>
        )}
        <span className="kp-sr-only">{t("auth.account.open")}</span>
      </button>
      <div id={panelId} className="kp-account__panel" hidden={!open}>
        <div className="kp-account__body">
          <p className="kp-account__who">
            <strong>{auth.user.name}</strong>
            <br />
            <span>{auth.user.email}</span>
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
                      <a href={entry.href} {...(entry.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
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
              <path d="M7 10V7a5 5 0 0 1 9.9-1h-2.1A3 3 0 0 0 9 7v3h9a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Z" fill="currentColor"></path>
            </svg>
            {t("auth.signOut")}
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * The number of unread notifications of the selected account; 0 when unknown or refused. It reads
 * the shared inbox store (src/core/portal/inbox.ts), so opening a notification lowers it at once.
 */
function useUnread(accountNumber: string | undefined, lang: "nl" | "en"): number {
  const unread = useStore($unreadCount);
  useEffect(() => {
    if (accountNumber) ensureInbox(api(), accountNumber, lang);
  }, [accountNumber, lang]);
  return unread;
}
