import type { DatabaseSync } from "node:sqlite";
import { today } from "../api/routes/business/shared.ts";
import { applyStatus } from "../db/business/payments.ts";
import type { PaymentConfig } from "./config.ts";
import { fetchProviderPayment } from "./provider-client.ts";

/** The backend's clock for payment timestamps and the webhook's time window (tests replace `now`). */
export const paymentClock = { now: (): number => Date.now() };

/**
 * Reads the payment's status from the provider and applies it (idempotently: see applyStatus); what the
 * webhook does, and what the backend does itself when an open payment has passed its expiry. Throws
 * ProviderUnavailable when the provider cannot be asked; nothing changes then.
 */
export async function syncFromProvider(
  db: DatabaseSync,
  config: PaymentConfig,
  payment: { id: string; provider_id: string | null },
): Promise<boolean> {
  if (!payment.provider_id) return false;
  const remote = await fetchProviderPayment(config, payment.provider_id);
  return applyStatus(db, payment.id, remote.status, {
    paidAt: remote.paidAt ?? new Date(paymentClock.now()).toISOString(),
    // The invoices are paid on the day the money came, in Amsterdam, as the invoice rules count days.
    today: today(),
  });
}
