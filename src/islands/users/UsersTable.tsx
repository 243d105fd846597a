import type { PermissionCatalogue, RelatedContact } from "../../core/api/schemas/people.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { isMe, removalBlock, type Me } from "../../core/portal/user-guards.ts";
import { useT } from "../shell/use-t.ts";
import { permissionName } from "./permission-names.ts";

type Props = {
  lang: Lang;
  contacts: readonly RelatedContact[];
  catalogue: PermissionCatalogue;
  me: Me;
  onShow: (contact: RelatedContact) => void;
  onEdit: (contact: RelatedContact) => void;
  onRemove: (contact: RelatedContact) => void;
};

/** The account's users with their permissions; the main user marked, removal offered only where allowed. */
export function UsersTable({ lang, contacts, catalogue, me, onShow, onEdit, onRemove }: Props) {
  const t = useT(lang);
  if (contacts.length === 0) return <p className="kp-block__empty">{t("portal.users.empty")}</p>;
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
            <th scope="col">{t("portal.users.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => {
            const name = `${contact.firstName} ${contact.lastName}`;
            const blocked = removalBlock(contact, contacts, me);
            const reasonId = `kp-remove-reason-${contact.id}`;
            return (
              <tr key={contact.id} data-user={contact.email}>
                <th scope="row">
                  {name}
                  {isMe(contact, me) && <span className="kp-muted"> ({t("portal.users.you")})</span>}
                  {contact.isMainUser && <span className="kp-badge" data-main-user>{t("portal.users.mainUser")}</span>}
                </th>
                <td>{contact.email}</td>
                <td>
                  <ul className="kp-tags">
                    {contact.permissions.map((code) => (
                      <li key={code}>{permissionName(catalogue, code, lang)}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  <div className="kp-row-actions">
                    <button type="button" className="kp-link-button" onClick={() => onShow(contact)} aria-label={`${t("portal.users.show")}: ${name}`}>
                      {t("portal.users.show")}
                    </button>
                    <button type="button" className="kp-link-button" onClick={() => onEdit(contact)} aria-label={t("portal.users.editNamed", { name })}>
                      {t("portal.users.edit")}
                    </button>
                    {blocked ? (
                      <span id={reasonId} className="kp-muted kp-small" data-remove-blocked={blocked}>
                        {t(`validation.${blocked}`)}
                      </span>
                    ) : (
                      <button type="button" className="kp-link-button kp-link-button--danger" onClick={() => onRemove(contact)} aria-label={t("portal.users.removeNamed", { name })}>
                        {t("portal.users.remove")}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
