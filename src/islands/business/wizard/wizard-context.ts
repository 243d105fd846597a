import type { BonusClaim, Product, Wholesaler } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import type { WizardContext } from "../../../core/business/bonus-wizard.ts";
import { todayIso } from "../../../core/business/contract-term.ts";

/** What the steps need from the API besides the draft: taken periods, wholesalers, products, and the claims the review compares with. */
export type WizardData = { ctx: WizardContext; wholesalers: Wholesaler[]; products: Product[]; claims: BonusClaim[] };

export async function loadWizardData(calls: BusinessApi): Promise<WizardData | null> {
  const [overview, wholesalers, products] = await Promise.all([calls.claims(), calls.wholesalers(), calls.products()]);
  if (!overview || !wholesalers || !products) return null;
  return {
    wholesalers,
    products,
    claims: overview.items,
    ctx: {
      // Quarters end at midnight in the Netherlands, as the API counts them.
      today: todayIso(),
      takenPeriods: new Set(overview.items.map((claim) => claim.period)),
      wholesalerIds: new Set(wholesalers.map((w) => w.id)),
      productIds: products.map((p) => p.id),
    },
  };
}
