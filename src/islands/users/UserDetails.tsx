import { lazy, Suspense } from "react";
import type { RelatedContact } from "../../core/api/schemas/colleagues.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";
import { permissionName, roleDescription, roleName } from "../../core/permissions/wording.ts";
import { roleOf } from "../../core/permissions/roles.ts";
import { formatMoment, stateFacts } from "../../core/portal/person-state.ts";

// A colleague's notification preferences come as a chunk of their own, when a person is shown.
const ColleagueNotifications = lazy(() => import("./ColleagueNotifications.tsx"));

/** One user's details ('show user'), with their notification preferences when they are a person (not an invitation). */
export function UserDetails({ lang, contact }: { lang: Lang; contact: RelatedContact }) {
  const t = useT(lang);
  const person = contact.state === "active" || contact.state === "deactivated";
  return (
    <>
      <dl className="kp-facts" data-user-details={contact.email}>
        <div>
          <dt>{t("portal.users.name")}</dt>
          <dd>
            {contact.firstName} {contact.lastName}
            {contact.isMainUser && <span className="kp-badge">{t("portal.users.mainUser")}</span>}
          </dd>
        </div>
        <div>
          <dt>{t("portal.users.email")}</dt>
          <dd>{contact.email}</dd>
        </div>
        <div>
          <dt>{t("portal.users.phone")}</dt>
          <dd>{contact.phonenumber}</dd>
        </div>
        {!contact.permissions.includes("ADMINISTRATOR") && (
          <div>
            <dt>{t("portal.users.role")}</dt>
            <dd data-role={roleOf(contact.permissions)}>
              {roleName(roleOf(contact.permissions), lang)}
              <span className="kp-muted kp-small kp-users__role-description"> {roleDescription(roleOf(contact.permissions), lang)}</span>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("portal.users.permissions")}</dt>
          <dd>
            <ul className="kp-tags">
              {contact.permissions.map((code) => (
                <li key={code}>{permissionName(code, lang)}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t("portal.users.state")}</dt>
          <dd data-state={contact.state}>
            {t(`portal.users.state.${contact.state}`)}
            <ul className="kp-users__facts">
              {stateFacts(contact).map((fact) => (
                <li key={fact.label}>
                  {t(fact.label)}
                  {fact.at && `: ${formatMoment(fact.at, lang)}`}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {person && (
        <Suspense fallback={null}>
          <ColleagueNotifications lang={lang} contactId={contact.id} permissions={contact.permissions} />
        </Suspense>
      )}
    </>
  );
}
