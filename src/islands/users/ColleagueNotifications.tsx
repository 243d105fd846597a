import type { Permission } from "../../core/api/schemas/common.ts";
import { NOTIFICATION_KIND_PERMISSIONS } from "../../core/api/schemas/notification-preferences.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import {
  deliveryLabel,
  loadColleaguePreferences,
  notificationKinds,
} from "../../core/portal/notification-preferences.ts";
import { Block } from "../shared/Block.tsx";
import { useResource } from "../shared/use-resource.ts";
import { useT } from "../shell/use-t.ts";

/**
 * A colleague's notification preferences, read-only: each person sets their own (in Mijn profiel).
 * A kind they may not see on this account says so instead: no mail comes of it, whatever they chose.
 * Loaded with 'show user'.
 */
export default function ColleagueNotifications({
  lang,
  contactId,
  permissions,
}: {
  lang: Lang;
  contactId: string;
  permissions: readonly Permission[];
}) {
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
      lines={notificationKinds().length}
    >
      {(data) => (
        <>
          <p className="kp-field__hint">{t("portal.notify.colleagueNote")}</p>
          <dl className="kp-facts" data-colleague-notifications>
            {notificationKinds().map(({ kind, label }) => (
              <div key={kind} data-kind={kind}>
                <dt>{t(label)}</dt>
                {isAllowed(NOTIFICATION_KIND_PERMISSIONS[kind], permissions) ? (
                  <dd data-delivery={data[kind]}>{t(deliveryLabel(data[kind]))}</dd>
                ) : (
                  <dd data-delivery="no-access" className="kp-muted">
                    {t("portal.notify.noAccess")}
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </>
      )}
    </Block>
  );
}
