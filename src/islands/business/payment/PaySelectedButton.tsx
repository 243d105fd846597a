import type { Invoice } from "../../../core/api/schemas/business.ts";
import { isPayable, paymentAmount } from "../../../core/business/payment-rules.ts";
import { formatMoney } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { PayMessage } from "./PayMessage.tsx";
import { usePay } from "./use-pay.ts";
import "./payment.css";

/**
 * "Pay selected" for the invoices screen's actions bar: one payment of the selected invoices that
 * are open or overdue (paid ones and credit notes are left out, and the count says how many remain).
 */
export function PaySelectedButton({
  lang,
  invoices,
  today,
}: {
  lang: Lang;
  invoices: readonly Invoice[];
  today: string;
}) {
  const t = useT(lang);
  const { pay, busy, outcome } = usePay(lang);
  const payable = invoices.filter((invoice) => isPayable(invoice, today));
  return (
    <div className="kp-pay kp-pay--selected">
      <button
        type="button"
        className="kp-button kp-button--primary"
        data-pay="selected"
        onClick={() => void pay(payable.map((invoice) => invoice.id))}
        disabled={busy || payable.length === 0}
      >
        {busy ? t("pay.busy") : t("pay.selected")}
      </button>
      {invoices.length > 0 && (
        <span className="kp-pay__summary">
          {payable.length === 0
            ? t("pay.nonePayable")
            : t("pay.selectedCount", {
                count: String(payable.length),
                amount: formatMoney(paymentAmount(payable), lang),
              })}
        </span>
      )}
      <PayMessage lang={lang} outcome={outcome} />
    </div>
  );
}
