import { useRef, useState } from "react";
import { paymentStatusHref } from "../../../core/business/payment-rules.ts";
import { newIdempotencyKey, startPayment, type PayOutcome } from "../../../core/business/start-payment.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useBusinessApi } from "../../shared/use-business-api.ts";
import { $payNotice } from "./pay-notice.ts";

/**
 * Paying invoices: asks the backend for a payment and sends the browser to the provider's checkout
 * (or to the status page of the payment already under way). One idempotency key per attempt: a
 * repeat after a failure the customer did not cause (the answer lost, the provider away) reuses it,
 * so it can never make a second payment; a definite answer ends the attempt. `shared`: the outcome
 * goes to the screen's one notice ($payNotice) instead of beside the button (a table row's Pay).
 */
export function usePay(
  lang: Lang,
  shared = false,
): { pay: (invoiceIds: string[]) => Promise<void>; busy: boolean; outcome: PayOutcome | undefined } {
  const { calls } = useBusinessApi(lang);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PayOutcome | undefined>();
  const attempt = useRef<{ ids: string; key: string } | undefined>(undefined);

  async function pay(invoiceIds: string[]): Promise<void> {
    const ids = [...invoiceIds].sort().join(" ");
    if (attempt.current?.ids !== ids) attempt.current = { ids, key: newIdempotencyKey() };
    setBusy(true);
    setOutcome(undefined);
    if (shared) $payNotice.set(undefined);
    const result = await startPayment(calls.createPayment, invoiceIds, attempt.current.key);
    if (result.kind === "checkout") {
      window.location.assign(result.url);
      return;
    }
    if (result.kind === "in_progress") {
      window.location.assign(paymentStatusHref(lang, result.paymentId));
      return;
    }
    if (result.kind === "already_paid") attempt.current = undefined;
    setBusy(false);
    if (shared) $payNotice.set(result);
    else setOutcome(result);
  }

  return { pay, busy, outcome };
}
