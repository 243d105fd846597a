import { useStore } from "@nanostores/react";
import { useId } from "react";
import { $accounts } from "../../core/stores/accounts.ts";
import { $selectedAccount, selectAccount } from "../../core/stores/selected-account.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "./use-t.ts";

/**
 * 'Select account' / 'Selecteer account': the user's accounts, the current one marked; choosing
 * another saves it and reloads the page. Renders nothing for a user with a single account.
 */
export function AccountSelection({ lang, headingLevel = 2 }: { lang: Lang; headingLevel?: 2 | 3 }) {
  const t = useT(lang);
  const id = useId();
  const { list } = useStore($accounts);
  const selected = useStore($selectedAccount);
  if (list.length < 2) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="kp-account-select" aria-labelledby={id} data-account-selection>
      <Heading id={id}>{t("auth.account.select.title")}</Heading>
      <ul className="kp-account-select__list">
        {list.map((account) => {
          const current = account.accountnumber === selected;
          return (
            <li key={account.accountnumber}>
              <button
                type="button"
                className="kp-account-select__option"
                aria-pressed={current}
                onClick={() => selectAccount(account.accountnumber)}
              >
                <span className="kp-account-select__name">{account.name}</span>
                <span className="kp-account-select__number">{t("auth.account.number", { number: account.accountnumber })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
