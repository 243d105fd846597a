import { Fragment } from "react";
import type { AccountDetails } from "../../core/api/schemas/people.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { EmailAddress } from "../shell/EmailAddress.tsx";
import { useT } from "../shell/use-t.ts";

/** The company's billing information on the 'Users and billing' page; changing it is on the account page. */
export function BillingInfo({ lang, account, canEdit }: { lang: Lang; account: AccountDetails; canEdit: boolean }) {
  const t = useT(lang);
  const usePost = account.hasDifferentPostAddress;
  const address = usePost
    ? [
        account.postalboxaddress ? `Postbus ${account.postalBoxNumber ?? ""}` : account.address2line1,
        account.address2line2,
        account.address2line3,
        [account.address2postalcode, account.address2city].filter(Boolean).join(" "),
      ]
    : [account.address1line1, account.address1line2, account.address1line3, `${account.address1postalcode} ${account.address1city}`];
  return (
    <>
      <dl className="kp-facts" data-billing>
        <div>
          <dt>{t("portal.billing.address")}</dt>
          <dd>
            {account.name}
            {account.invoiceto && (
              <>
                <br />
                {account.invoiceto}
              </>
            )}
            {address.filter(Boolean).map((line, index) => (
              <span key={index}>
                <br />
                {line}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t("portal.billing.byEmail")}</dt>
          <dd>
            {account.emailinvoice
              ? [account.emailaddress1, account.emailinvoicecc]
                  .filter((address): address is string => Boolean(address))
                  .map((address, index) => (
                    <Fragment key={address}>
                      {index === 0 ? `${t("portal.yes")}: ` : ", "}
                      <EmailAddress address={address} />
                    </Fragment>
                  ))
              : t("portal.no")}
          </dd>
        </div>
        <div>
          <dt>{t("portal.account.field.ibanNumber")}</dt>
          <dd>{account.ibanNumber}</dd>
        </div>
        <div>
          <dt>{t("portal.account.field.vatNumber")}</dt>
          <dd>{account.vatNumber}</dd>
        </div>
        <div>
          <dt>{t("portal.account.field.chamberOfCommerceNumber")}</dt>
          <dd>{account.chamberOfCommerceNumber}</dd>
        </div>
      </dl>
      {canEdit && (
        <p>
          <a href={localizedPath(lang, "/mijn-account/account")}>{t("portal.billing.edit")}</a>
        </p>
      )}
    </>
  );
}
