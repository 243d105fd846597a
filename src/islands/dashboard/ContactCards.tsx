import { memo } from "react";
import type { ContactPerson } from "../../core/api/schemas/people.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { EmailAddress } from "../shell/EmailAddress.tsx";
import { useT } from "../shell/use-t.ts";

type Props = { lang: Lang; accountManager: ContactPerson | null; salesSupport: ContactPerson | null };

/**
 * The account manager and sales support of the account: photo, name and title, and call and mail
 * actions that show the number and address they use.
 */
export const ContactCards = memo(function ContactCards({ lang, accountManager, salesSupport }: Props) {
  const t = useT(lang);
  const people = [
    { role: t("portal.dashboard.accountManager"), person: accountManager, key: "accountmanager" },
    { role: t("portal.dashboard.salesSupport"), person: salesSupport, key: "salessupport" },
  ].filter((entry): entry is { role: string; person: ContactPerson; key: string } => entry.person !== null);
  if (people.length === 0) return <p className="kp-block__empty">{t("portal.dashboard.contacts.empty")}</p>;
  return (
    <ul className="kp-people">
      {people.map(({ role, person, key }) => (
        <li key={key} className="kp-person" data-contact={key}>
          <img className="kp-person__photo" src={photoUrl(person.image)} alt={t("portal.dashboard.photo", { name: person.fullName })} width={96} height={96} loading="lazy" />
          <div>
            <p className="kp-person__role">{role}</p>
            <p className="kp-person__name">{person.fullName}</p>
            <p className="kp-person__title">{person.title}</p>
            <p className="kp-person__actions">
              <a className="kp-button kp-person__action" href={`tel:${person.mobilePhone.replace(/[^+\d]/g, "")}`}>
                <span className="kp-person__verb">{t("portal.dashboard.call")}</span> <span className="kp-person__phone">{person.mobilePhone}</span>
              </a>
              <a className="kp-button kp-person__action" href={`mailto:${person.personalEmailAddress}`}>
                <span className="kp-person__verb">{t("portal.dashboard.mail")}</span> <span className="kp-person__email"><EmailAddress address={person.personalEmailAddress} /></span>
              </a>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
});

/** The image endpoint takes a width: twice the shown size for sharp screens. */
function photoUrl(image: string): string {
  try {
    const url = new URL(image);
    url.searchParams.set("w", "192");
    return url.href;
  } catch {
    return image;
  }
}
