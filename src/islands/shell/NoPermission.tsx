import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { DASHBOARD_PATH } from "../../core/auth/return-to.ts";
import { BackLink } from "./BackLink.tsx";
import { useT } from "./use-t.ts";

/** The no-permission message (ask the main user for the rights) with a link back to the previous page. */
export function NoPermission({ lang }: { lang: Lang }) {
  const t = useT(lang);
  return (
    <section className="kp-portal-message" aria-labelledby="kp-no-permission" data-no-permission>
      <h1 id="kp-no-permission">{t("auth.noPermission.title")}</h1>
      <p>{t("auth.noPermission.body")}</p>
      <p>
        <BackLink label={t("auth.back")} fallback={localizedPath(lang, DASHBOARD_PATH)} />
      </p>
    </section>
  );
}
