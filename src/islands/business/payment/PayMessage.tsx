import type { PayOutcome } from "../../../core/business/start-payment.ts";
import { formatDay, formatMoney } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

/** What came of a pay button when it did not lead to the checkout: paid already (the receipt), or why not. */
export function PayMessage({ lang, outcome }: { lang: Lang; outcome: PayOutcome | undefined }) {
  const t = useT(lang);
  if (!outcome || outcome.kind === "checkout" || outcome.kind === "in_progress") return null;
  if (outcome.kind === "already_paid") {
    return (
      <div
        className="kp-alert kp-alert--success kp-pay-message"
        role="status"
        data-pay-message="already_paid"
      >
        {outcome.receipts.length === 0 ? (
          <p>{t("pay.alreadyPaidNoReceipt")}</p>
        ) : (
          outcome.receipts.map((receipt) => (
            <p key={receipt.invoiceId}>
              {t("pay.alreadyPaid", {
                number: receipt.number,
                date: formatDay(receipt.paidDate, lang, "long"),
                amount: formatMoney(receipt.amountInclVat, lang),
              })}
            </p>
          ))
        )}
      </div>
    );
  }
  return (
    <p className="kp-alert kp-alert--error kp-pay-message" role="alert" data-pay-message={outcome.kind}>
      {t(outcome.kind === "unavailable" ? "pay.unavailable" : "pay.failed")}
    </p>
  );
}
