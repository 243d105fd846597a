import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { $sessionExpired, signInAgain } from "../../core/session/session.ts";
import { $auth } from "../../core/stores/auth.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "./use-t.ts";
import { loadMessages } from "../../core/i18n/index.ts";

// Its strings (sign-in trouble, session expiry) load with it, before it renders: no page needs them otherwise.
await loadMessages("session");

/**
 * Shown when the session ends while the page is open: sign in again in a popup, so the page and
 * whatever the user typed stay as they are.
 */
export function SessionExpiredDialog({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const expired = useStore($sessionExpired);
  const { isLoading, error } = useStore($auth);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (expired && !element.open) element.showModal();
    if (!expired && element.open) element.close();
  }, [expired]);

  return (
    <dialog ref={dialog} className="kp-dialog" aria-labelledby="kp-session-expired" aria-describedby="kp-session-expired-body" data-session-expired>
      <h2 id="kp-session-expired">{t("auth.sessionExpired.title")}</h2>
      <p id="kp-session-expired-body">{t("auth.sessionExpired.body")}</p>
      {error && (
        <p className="kp-field-error" role="alert">
          {t(`auth.error.${error.kind}`)}
        </p>
      )}
      <div className="kp-portal-actions">
        <button type="button" className="kp-button kp-button--primary" disabled={isLoading} onClick={() => void signInAgain()}>
          {t("auth.sessionExpired.signIn")}
        </button>
        <button type="button" className="kp-button" onClick={() => dialog.current?.close()}>
          {t("common.close")}
        </button>
      </div>
    </dialog>
  );
}
