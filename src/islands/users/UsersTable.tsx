import "./users.css";
import { useStore } from "@nanostores/react";
import type { RelatedContact } from "../../core/api/schemas/colleagues.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import {
  createRefusal,
  deactivationRefusal,
  editRefusal,
  handOverRefusal,
  reactivationRefusal,
  removalRefusal,
  type Member,
} from "../../core/permissions/user-management.ts";
import { formatMoment, invitationActions, isInvitation, otherAccountNames, stateFacts } from "../../core/portal/person-state.ts";
import { $accounts } from "../../core/stores/accounts.ts";
import { asMember, isMe, type Me } from "../../core/portal/user-guards.ts";
import { EmailAddress } from "../shell/EmailAddress.tsx";
import { useT } from "../shell/use-t.ts";
import { permissionName, roleName } from "../../core/permissions/wording.ts";
import { roleOf } from "../../core/permissions/roles.ts";
import { RowMenu } from "./RowMenu.tsx";

type Props = {
  lang: Lang;
  contacts: readonly RelatedContact[];
  me: Me;
  /** The signed-in user as the user-management rules see them. */
  actor: Member;
  onShow: (contact: RelatedContact) => void;
  onEdit: (contact: RelatedContact) => void;
  onHandOver: (contact: RelatedContact) => void;
  onRemove: (contact: RelatedContact) => void;
  onResend: (contact: RelatedContact) => void;
  onDeactivate: (contact: RelatedContact) => void;
  onReactivate: (contact: RelatedContact) => void;
  onRevoke: (contact: RelatedContact) => void;
};

/**
 * The account's users with their permissions and the main user marked; cards on phones. Each row's
 * actions sit in one menu offering only what the user-management rules allow, and where editing or
 * removing is not allowed, the menu says why.
 */
export function UsersTable({ lang, contacts, me, actor, onShow, onEdit, onHandOver, onRemove, onResend, onRevoke, onDeactivate, onReactivate }: Props) {
  const t = useT(lang);
  const accounts = useStore($accounts);
  if (contacts.length === 0) return <p className="kp-block__empty">{t("portal.users.empty")}</p>;
  // The rules count the people with access: a deactivated colleague manages nobody, an invitation is nobody yet.
  const active = contacts.filter((entry) => entry.state === "active").map(asMember);
  return (
    <div
      className="kp-table-wrap"
      // Focusable: on a phone the table scrolls sideways, and keyboard users must be able to scroll it (WCAG 2.1.1).
      tabIndex={0}
      role="region"
      aria-label={t("portal.users.title")}
    >
      <table className="kp-table kp-users">
        <thead>
          <tr>
            <th scope="col">{t("portal.users.name")}</th>
            <th scope="col">{t("portal.users.email")}</th>
            <th scope="col">{t("portal.users.permissions")}</th>
            <th scope="col">{t("portal.users.state")}</th>
            <th scope="col">{t("portal.users.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => {
            const name = `${contact.firstName} ${contact.lastName}`;
            const target = asMember(contact);
            const invitation = isInvitation(contact);
            // An invitation is managed as adding that colleague is: resend, revoke or remove it, never edit it.
            const invitationBlocked = invitation ? createRefusal(actor, contact.permissions)?.code : undefined;
            const editBlocked = invitation ? invitationBlocked : editRefusal(actor, target)?.code;
            const removeBlocked = invitation ? invitationBlocked : removalRefusal(actor, target, active)?.code;
            const deactivated = contact.state === "deactivated";
            const canHandOver = !invitation && !deactivated && handOverRefusal(actor, target) === undefined;
            const canDeactivate = !invitation && !deactivated && deactivationRefusal(actor, target, active) === undefined;
            const canReactivate = deactivated && reactivationRefusal(actor, target) === undefined;
            const offers = invitationActions(contact);
            const reasons = [...new Set([editBlocked, removeBlocked])].filter((code) => code !== undefined);
            return (
              <tr key={contact.id} data-user={contact.email}>
                <th scope="row">
                  {name}
                  {isMe(contact, me) && <span className="kp-muted"> ({t("portal.users.you")})</span>}
                  {contact.isMainUser && <span className="kp-badge" data-main-user>{t("portal.users.mainUser")}</span>}
                  {contact.otherAccounts.length > 0 && (
                    <span className="kp-users__outlets" data-other-accounts>
                      {t("portal.users.alsoAt", { names: otherAccountNames(contact, accounts.list).join(", ") })}
                    </span>
                  )}
                </th>
                <td data-label={t("portal.users.email")}>
                  <span className="kp-users__email">
                    <EmailAddress address={contact.email} />
                  </span>
                </td>
                <td data-label={t("portal.users.permissions")}>
                  {/* The role is read from the permissions (a preset's name, or Custom); the supplier's administrators have none. */}
                  {!contact.permissions.includes("ADMINISTRATOR") && (
                    <p className="kp-users__role" data-role={roleOf(contact.permissions)}>
                      {roleName(roleOf(contact.permissions), lang)}
                    </p>
                  )}
                  <ul className="kp-tags">
                    {contact.permissions.map((code) => (
                      <li key={code}>{permissionName(code, lang)}</li>
                    ))}
                  </ul>
                </td>
                <td data-label={t("portal.users.state")} data-state={contact.state}>
                  <span className={`kp-badge kp-badge--person-${contact.state}`}>{t(`portal.users.state.${contact.state}`)}</span>
                  <ul className="kp-users__facts">
                    {stateFacts(contact).map((fact) => (
                      <li key={fact.label}>
                        {t(fact.label)}
                        {fact.at && (
                          <>
                            {": "}
                            <time dateTime={fact.at}>{formatMoment(fact.at, lang)}</time>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="kp-table__main">
                  <RowMenu
                    label={t("portal.users.actions")}
                    name={t("portal.users.actionsFor", { name })}
                    actions={[
                      { key: "show", label: t("portal.users.show"), name: `${t("portal.users.show")}: ${name}`, run: () => onShow(contact) },
                      ...(!invitationBlocked && offers.resend
                        ? [{ key: "resend", label: t("portal.users.resend"), name: t("portal.users.resendNamed", { name }), run: () => onResend(contact) }]
                        : []),
                      ...(!invitationBlocked && offers.revoke
                        ? [{ key: "revoke", label: t("portal.users.revoke"), name: t("portal.users.revokeNamed", { name }), run: () => onRevoke(contact) }]
                        : []),
                      ...(editBlocked || invitation ? [] : [{ key: "edit", label: t("portal.users.edit"), name: t("portal.users.editNamed", { name }), run: () => onEdit(contact) }]),
                      ...(canHandOver
                        ? [{ key: "handOver", label: t("portal.users.handOver"), name: t("portal.users.handOverNamed", { name }), run: () => onHandOver(contact) }]
                        : []),
                      ...(canDeactivate
                        ? [{ key: "deactivate", label: t("portal.users.deactivate"), name: t("portal.users.deactivateNamed", { name }), run: () => onDeactivate(contact) }]
                        : []),
                      ...(canReactivate
                        ? [{ key: "reactivate", label: t("portal.users.reactivate"), name: t("portal.users.reactivateNamed", { name }), run: () => onReactivate(contact) }]
                        : []),
                      ...(removeBlocked
                        ? []
                        : [{ key: "remove", label: t("portal.users.remove"), name: t("portal.users.removeNamed", { name }), danger: true, run: () => onRemove(contact) }]),
                    ]}
                    note={
                      reasons.length > 0 && (
                        <ul className="kp-row-menu__note">
                          {reasons.map((code) => (
                            <li
                              key={code}
                              data-edit-blocked={code === editBlocked ? code : undefined}
                              data-remove-blocked={code === removeBlocked ? code : undefined}
                            >
                              {t(`validation.${code}`)}
                            </li>
                          ))}
                        </ul>
                      )
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
