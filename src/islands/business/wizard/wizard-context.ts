import type { Product, Wholesaler } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import type { WizardContext } from "../../../core/business/bonus-wizard.ts";

/** What the steps need from the API besides the draft: taken periods, wholesalers, products. */
export type WizardData = { ctx: WizardContext; wholesalers: Wholesaler[]; products: Product[] };

export async function loadWizardData(calls: BusinessApi): Promise<WizardData | null> {
  const [overview, wholesalers, products] = await Promise.all([calls.claims(), calls.wholesalers(), calls.products()]);
  if (!overview || !wholesalers || !products) return null;
  return {
    wholesalers,
    products,
    ctx: {
      today: new Date().toISOString().slice(0, 10),
      takenPeriods: new Set(overview.items.map((claim) => claim.period)),
      wholesalerIds: new Set(wholesalers.map((w) => w.id)),
      productIds: products.map((p) => p.id),
    },
  };
}
