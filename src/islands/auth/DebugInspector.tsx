import { useEffect, useState } from "react";
import { decodeJwt } from "jose";
import { runtimeSettings } from "../../core/auth/runtime-settings.ts";
import { oidcSession } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("debug");

/**
 * /debug: the signed-in user's token claims; exists only when `settings.debug` is on. Off, it is not
 * found, before anything else: no sign-in redirect tells that the page exists.
 */
export default function DebugInspector({ lang }: { lang: Lang }) {
  if (!debugOn()) return <NotFound lang={lang} />;
  return (
    <PortalGuard lang={lang} screen="debug">
      <Inspector lang={lang} />
    </PortalGuard>
  );
}

/** Whether the runtime settings turn the debug page on; settings that cannot be read do not. */
function debugOn(): boolean {
  try {
    return runtimeSettings().debug;
  } catch {
    return false;
  }
}

/** Debug off: the site's 404 page in the page's language, in place of this one. */
function NotFound({ lang }: { lang: Lang }) {
  const t = useT(lang);
  useEffect(() => {
    window.location.replace(localizedPath(lang, "/404"));
  }, [lang]);
  return <p>{t("auth.debug.off")}</p>;
}

type Snapshot = { idClaims: unknown; accessClaims: unknown; expiresAt: number | undefined };

function Inspector({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [snapshot, setSnapshot] = useState<Snapshot | undefined>();
  useEffect(() => {
    void oidcSession()
      .rawUser()
      .then((user) => {
        if (!user) return;
        const claims = (token: string | undefined): unknown => {
          try {
            return token ? decodeJwt(token) : null;
          } catch {
            return null;
          }
        };
        setSnapshot({ idClaims: claims(user.id_token), accessClaims: claims(user.access_token), expiresAt: user.expires_at });
      });
  }, []);

  return (
    <section className="kp-container kp-debug" aria-labelledby="kp-debug-title">
      <h1 id="kp-debug-title">{t("auth.debug.title")}</h1>
      {snapshot && (
        <>
          {snapshot.expiresAt !== undefined && (
            <p data-expires-at={snapshot.expiresAt}>{t("auth.debug.expires", { time: new Date(snapshot.expiresAt * 1000).toLocaleTimeString(lang) })}</p>
          )}
          <h2>{t("auth.debug.claims")}</h2>
          <pre data-id-claims>{JSON.stringify(snapshot.idClaims, null, 2)}</pre>
          <h2>{t("auth.debug.accessToken")}</h2>
          <pre data-access-claims>{JSON.stringify(snapshot.accessClaims, null, 2)}</pre>
        </>
      )}
    </section>
  );
}
