import { useEffect, useRef, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import { PATHS } from "../../core/api/paths.ts";
import { ConsentStatusSchema } from "../../core/api/schemas/people.ts";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../core/auth/return-to.ts";
import { signOut } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useT } from "../shell/use-t.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("consent");

/**
 * The consent actions under the terms and privacy text (which the page renders from content):
 * accepting records consent (POST /users) and continues to where the user was going; declining
 * first says what it means (no Mijn onderneming, signed out) and signs out only when confirmed. A user who already consented goes on at once.
 */
export default function ConsentScreen({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="consent">
      <ConsentActions lang={lang} />
    </PortalGuard>
  );
}

type Phase = "checking" | "asking" | "saving" | "failed" | "declining";

function ConsentActions({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [phase, setPhase] = useState<Phase>("checking");
  const warning = useRef<HTMLParagraphElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const backFromDecline = useRef(false);
  const target = sanitizeReturnTo(new URLSearchParams(window.location.search).get("returnTo"), localizedPath(lang, DASHBOARD_PATH));

  useEffect(() => {
    api()
      .request(PATHS.users, ConsentStatusSchema)
      .then((status) => (status?.consented ? window.location.replace(target) : setPhase("asking")))
      .catch(() => setPhase("asking"));
  }, [target]);

  const accept = async (): Promise<void> => {
    setPhase("saving");
    try {
      await api().request(PATHS.users, ConsentStatusSchema, { method: "POST", json: { consented: true }, failOnError: true });
      window.location.replace(target);
    } catch {
      setPhase("failed");
    }
  };

  // Focus follows the question for keyboard and screen-reader users, and returns to 'decline' on 'back'.
  useEffect(() => {
    if (phase === "declining") warning.current?.focus();
    else if (phase === "asking" && backFromDecline.current) {
      backFromDecline.current = false;
      declineButton.current?.focus();
    }
  }, [phase]);

  if (phase === "checking") return <Spinner label={t("common.loading")} />;
  if (phase === "declining") {
    return (
      <div className="kp-consent__actions" data-consent-decline>
        <p ref={warning} tabIndex={-1} className="kp-alert" role="alert">
          {t("auth.consent.declineWarning")}
        </p>
        <button type="button" className="kp-button kp-button--primary" onClick={() => void signOut()}>
          {t("auth.consent.declineConfirm")}
        </button>
        <button
          type="button"
          className="kp-button"
          onClick={() => {
            backFromDecline.current = true;
            setPhase("asking");
          }}
        >
          {t("auth.consent.declineBack")}
        </button>
      </div>
    );
  }
  return (
    <div className="kp-consent__actions">
      {phase === "failed" && (
        <p className="kp-field-error" role="alert">
          {t("auth.consent.failed")}
        </p>
      )}
      <button type="button" className="kp-button kp-button--primary" disabled={phase === "saving"} onClick={() => void accept()}>
        {phase === "saving" ? t("auth.consent.saving") : t("auth.consent.accept")}
      </button>
      <button ref={declineButton} type="button" className="kp-button" disabled={phase === "saving"} onClick={() => setPhase("declining")}>
        {t("auth.consent.decline")}
      </button>
    </div>
  );
}
