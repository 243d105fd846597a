import type { Invoice } from "../../../core/api/schemas/business.ts";
import { isPayable } from "../../../core/business/payment-rules.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { usePay } from "./use-pay.ts";
import "./payment.css";

/**
 * "Betalen / Pay" for one invoice, shown only where the payment rule allows it (open or overdue,
 * owed); what it comes to, when not the checkout, shows in the screen's PayNotice.
 */
export function PayButton({ lang, invoice, today }: { lang: Lang; invoice: Invoice; today: string }) {
  const t = useT(lang);
  const { pay, busy } = usePay(lang, true);
  if (!isPayable(invoice, today)) return null;
  return (
    <button
      type="button"
      className="kp-button kp-button--primary kp-pay__button"
      data-pay={invoice.number}
      onClick={() => void pay([invoice.id])}
      disabled={busy}
      aria-label={t("pay.buttonLabel", { number: invoice.number })}
    >
      {busy ? t("pay.busy") : t("pay.button")}
    </button>
  );
}
