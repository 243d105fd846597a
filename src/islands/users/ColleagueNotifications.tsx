import type { Lang } from "../../core/i18n/locale.ts";
import {
  deliveryLabel,
  loadColleaguePreferences,
  notificationKinds,
} from "../../core/portal/notification-preferences.ts";
import { Block } from "../shared/Block.tsx";
import { useResource } from "../shared/use-resource.ts";
import { useT } from "../shell/use-t.ts";

/** A colleague's notification preferences, read-only: each person sets their own (in Mijn profiel). Loaded with 'show user'. */
export default function ColleagueNotifications({ lang, contactId }: { lang: Lang; contactId: string }) {
  const t = useT(lang);
  const preferences = useResource(
    (account, client) => loadColleaguePreferences(client, account, contactId),
    contactId,
  );
  return (
    <Block
      lang={lang}
      name="colleague-notifications"
      title={t("portal.notify.colleague")}
      state={preferences.state}
      onRetry={preferences.reload}
      lines={5}
    >
      {(data) => (
        <>
          <p className="kp-field__hint">{t("portal.notify.colleagueNote")}</p>
          <dl className="kp-facts" data-colleague-notifications>
            {notificationKinds().map(({ kind, label }) => (
              <div key={kind} data-kind={kind}>
                <dt>{t(label)}</dt>
                <dd data-delivery={data[kind]}>{t(deliveryLabel(data[kind]))}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Block>
  );
}
