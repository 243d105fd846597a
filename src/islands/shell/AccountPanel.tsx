import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import { sessionBrowser, startAuth } from "../../core/session/session.ts";
import { pluralKey } from "../../core/i18n/locale.ts";
import { $unreadCount, ensureInbox } from "../../core/portal/inbox.ts";
import { ensureAccounts } from "../../core/stores/accounts.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $selectedAccount } from "../../core/stores/selected-account.ts";
import type { AccountPanelProps } from "./account-menu.ts";
import { useT } from "./use-t.ts";

/**
 * The panel's body, a chunk of its own: asked for when a pointer or the keyboard reaches the toggle,
 * and shown from the first time the panel opens, so the page's first paint never waits for it.
 */
const loadBody = () => import("./AccountPanelBody.tsx");
const AccountPanelBody = lazy(loadBody);

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
  const [opened, setOpened] = useState(false);
  const auth = useStore($auth);
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
  return (
    <div className="kp-account" ref={root} data-account-panel-root>
      <button
        ref={toggle}
        type="button"
        className="kp-account__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          setOpened(true);
        }}
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
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
            <span className="kp-sr-only">
              {t(pluralKey(lang, "auth.notifications.count", unread), { count: unread })}
            </span>
          </span>
        )}
        <span className="kp-sr-only">{t("auth.account.open")}</span>
      </button>
      <div id={panelId} className="kp-account__panel" hidden={!open}>
        {opened && (
          <Suspense fallback={null}>
            <AccountPanelBody lang={lang} menu={accountMenu} newTab={newTab} user={auth.user} />
          </Suspense>
        )}
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
