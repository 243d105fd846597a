import { useStore } from "@nanostores/react";
import { memo } from "react";
import type { Permission } from "../../core/api/schemas/common.ts";
import { $accounts } from "../../core/stores/accounts.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { quickLinks } from "../../core/portal/dashboard.ts";
import { SCREENS, screenHref } from "../../core/portal/screens.ts";
import { useT } from "../shell/use-t.ts";

/** Links to the portal's screens the user may open (filtered by permission). */
export const QuickLinks = memo(function QuickLinks({ lang, held }: { lang: Lang; held: readonly Permission[] }) {
  const t = useT(lang);
  const accounts = useStore($accounts);
  return (
    <nav className="kp-block kp-quick-links" aria-labelledby="kp-quick-links" data-block="links">
      <h2 id="kp-quick-links">{t("portal.dashboard.links")}</h2>
      <ul>
        {quickLinks(held, accounts.list.length).map((id) => (
          <li key={id}>
            <a href={screenHref(id, lang)}>{t(SCREENS[id].label)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
});
