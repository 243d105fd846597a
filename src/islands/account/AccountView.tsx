import type { ReactNode } from "react";
import type { AccountDetails } from "../../core/api/schemas/people.ts";
import { formatDay } from "../../core/format.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import {
  COMPANY_GROUP,
  CONTACT_GROUP,
  REGISTRATION_GROUP,
  VISITING_GROUP,
  accountFormValues,
  accountLabel,
  invoicingFields,
  postAddressFields,
  type AccountField,
} from "../../core/portal/account-form.ts";
import { EmailAddress } from "../shell/EmailAddress.tsx";
import { useT } from "../shell/use-t.ts";

/** Every field of the account in readable groups; the contract only when the API sent it. */
export function AccountView({ lang, account }: { lang: Lang; account: AccountDetails }) {
  const t = useT(lang);
  const values = accountFormValues(account);
  // One list per group, a leading fact in it where the group has one: two lists in a row sit closer than rows do.
  const list = (fields: readonly AccountField[], first?: ReactNode) => (
    <dl className="kp-facts">
      {first}
      {fields.map(({ name, kind }) => (
        <div key={name} data-value={name}>
          <dt>{t(accountLabel(name))}</dt>
          <dd>{!values[name] ? t("portal.empty") : kind === "email" ? <EmailAddress address={values[name]} /> : values[name]}</dd>
        </div>
      ))}
    </dl>
  );
  const group = (id: string, title: string, body: ReactNode) => (
    <section className="kp-group" aria-labelledby={`kp-group-${id}`} data-group={id}>
      <h2 id={`kp-group-${id}`}>{title}</h2>
      {body}
    </section>
  );
  const post = postAddressFields(values);
  return (
    <div className="kp-groups">
      {group(
        COMPANY_GROUP.id,
        t(COMPANY_GROUP.title),
        list(
          COMPANY_GROUP.fields,
          <div data-value="accountnumber">
            <dt>{t("portal.account.field.accountnumber")}</dt>
            <dd>{account.accountnumber}</dd>
          </div>,
        ),
      )}
      {group(VISITING_GROUP.id, t(VISITING_GROUP.title), list(VISITING_GROUP.fields))}
      {group("post", t("portal.account.group.post"), post.length > 0 ? list(post) : <p>{t("portal.account.samePostAddress")}</p>)}
      {group(CONTACT_GROUP.id, t(CONTACT_GROUP.title), list(CONTACT_GROUP.fields))}
      {group(
        "invoicing",
        t("portal.account.group.invoicing"),
        list(
          invoicingFields(values),
          <div data-value="emailinvoice">
            <dt>{t("portal.account.field.emailinvoice")}</dt>
            <dd>{t(account.emailinvoice ? "portal.yes" : "portal.no")}</dd>
          </div>,
        ),
      )}
      {group(REGISTRATION_GROUP.id, t(REGISTRATION_GROUP.title), list(REGISTRATION_GROUP.fields))}
      {account.salescontract !== undefined &&
        group(
          "contract",
          t("portal.account.group.contract"),
          account.salescontract ? (
            <dl className="kp-facts">
              <div>
                <dt>{t("portal.account.contract.number")}</dt>
                <dd data-figure="contract-number">{account.salescontract.salescontractnumber}</dd>
              </div>
              <div>
                <dt>{t("portal.account.contract.start")}</dt>
                <dd data-figure="contract-start">{formatDay(account.salescontract.startdate, lang, "long")}</dd>
              </div>
              <div>
                <dt>{t("portal.account.contract.end")}</dt>
                <dd data-figure="contract-end">{formatDay(account.salescontract.enddate, lang, "long")}</dd>
              </div>
              <div>
                <dt>{t("portal.account.contract.duration")}</dt>
                <dd data-figure="contract-duration">{t("portal.account.contract.months", { months: account.salescontract.duration })}</dd>
              </div>
            </dl>
          ) : (
            <p>{t("portal.account.contract.none")}</p>
          ),
        )}
    </div>
  );
}
