import type { Invoice } from "../../../core/api/schemas/business.ts";
import { MAX_INVOICES_PER_PAYMENT } from "../../../core/api/schemas/business.ts";
import { paySelection, type PaySelection } from "../../../core/business/payment-rules.ts";
import { formatMoney } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { PayMessage } from "./PayMessage.tsx";
import { usePay } from "./use-pay.ts";
import "./payment.css";

type Props = {
  lang: Lang;
  /** The ticked invoices (across pages). */
  invoices: readonly Invoice[];
  today: string;
  /** The selection is "everything in this period": paying asks for ticked invoices instead. */
  everything?: boolean;
};

/**
 * "Pay selected" for the invoices screen's actions bar: one payment of the ticked invoices that are
 * open or overdue; beside it what that is (how many, how much) or why it cannot (paySelection).
 */
export function PaySelectedButton({ lang, invoices, today, everything = false }: Props) {
  const t = useT(lang);
  const { pay, busy, outcome } = usePay(lang);
  const selection = paySelection(invoices, today, everything);
  return (
    <div className="kp-pay kp-pay--selected">
      <button
        type="button"
        className="kp-button kp-button--primary"
        data-pay="selected"
        onClick={() => selection.kind === "ready" && void pay(selection.ids)}
        disabled={busy || selection.kind !== "ready"}
      >
        {busy ? t("pay.busy") : t("pay.selected")}
      </button>
      <span className="kp-pay__summary" data-pay-selection={selection.kind}>
        {summary(lang, t, selection)}
      </span>
      <PayMessage lang={lang} outcome={outcome} />
    </div>
  );
}

function summary(lang: Lang, t: ReturnType<typeof useT>, selection: PaySelection): string {
  switch (selection.kind) {
    case "ready":
      return t("pay.selectedCount", {
        count: String(selection.count),
        amount: formatMoney(selection.amount, lang),
      });
    case "none_payable":
      return t("pay.nonePayable");
    case "too_many":
      return t("pay.tooMany", { max: String(MAX_INVOICES_PER_PAYMENT), count: String(selection.count) });
    case "pick":
      return t("pay.pick");
  }
}
