import type { Payment } from "../api/schemas/business/payments.ts";
import { isFinalStatus, paymentView, pollDelay, type PaymentView } from "./payment-rules.ts";

/** What the status page shows at a moment: the payment, what that means, and whether it stopped asking. */
export type WatchState = { payment: Payment; view: PaymentView; gaveUp: boolean };

/**
 * Reads the payment until it is final, on the waits of `pollDelay`, and reports each reading: the
 * status page's truth whichever came first, the customer's return or the provider's webhook. `wait`
 * is the timer seam (tests step through it); the loop ends when `signal` aborts, when the payment is
 * final, or after the last wait (`gaveUp`: the page then offers to look again). A failed reading
 * throws to the caller, which shows its error and a retry.
 */
export async function watchPayment(
  load: () => Promise<Payment | null>,
  returned: boolean,
  report: (state: WatchState | null) => void,
  wait: (ms: number) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    const payment = await load();
    if (signal.aborted) return;
    if (!payment) return report(null);
    const delay = isFinalStatus(payment.status) ? undefined : pollDelay(attempt);
    report({
      payment,
      view: paymentView(payment, returned),
      gaveUp: !isFinalStatus(payment.status) && delay === undefined,
    });
    if (delay === undefined) return;
    await wait(delay);
  }
}
