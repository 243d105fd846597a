import { atom } from "nanostores";
import type { PayOutcome } from "../../../core/business/start-payment.ts";

/**
 * What the last Pay button of a table row came to when it did not lead to the checkout: shown once
 * above the table (PayNotice), not squeezed into the row's narrow cell.
 */
export const $payNotice = atom<PayOutcome | undefined>(undefined);
