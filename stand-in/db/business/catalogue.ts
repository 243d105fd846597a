import type { Packaging, ProductGroup } from "../../../src/core/api/schemas/business.ts";

/** The supplier's products as the stand-in serves them; the same list in every seed. */
export const PRODUCTS: {
  id: string;
  articleNumber: string;
  name: string;
  group: ProductGroup;
  packaging: Packaging;
  litresPerUnit: number;
  /** Covered by the tht (corona) scheme: beer that sat in closed venues. */
  coronaEligible: boolean;
}[] = [
  { id: "p-pils-krat", articleNumber: "100120", name: "Hollands Pils 24 × 30 cl", group: "pils", packaging: "crate", litresPerUnit: 7.2, coronaEligible: true },
  { id: "p-pils-fust20", articleNumber: "100150", name: "Hollands Pils 20 l", group: "pils", packaging: "keg", litresPerUnit: 20, coronaEligible: true },
  { id: "p-pils-fust50", articleNumber: "100151", name: "Hollands Pils 50 l", group: "pils", packaging: "keg", litresPerUnit: 50, coronaEligible: true },
  { id: "p-pils-tank", articleNumber: "100190", name: "Hollands Pils tankbier 500 l", group: "pils", packaging: "tank", litresPerUnit: 500, coronaEligible: false },
  { id: "p-wit-krat", articleNumber: "200210", name: "Polderwit 24 × 30 cl", group: "special_beer", packaging: "crate", litresPerUnit: 7.2, coronaEligible: true },
  { id: "p-wit-fust", articleNumber: "200250", name: "Polderwit 20 l", group: "special_beer", packaging: "keg", litresPerUnit: 20, coronaEligible: true },
  { id: "p-tripel-krat", articleNumber: "200310", name: "Kloostertripel 24 × 33 cl", group: "special_beer", packaging: "crate", litresPerUnit: 7.92, coronaEligible: true },
  { id: "p-ipa-doos", articleNumber: "200420", name: "Dijk IPA 12 × 33 cl", group: "special_beer", packaging: "case", litresPerUnit: 3.96, coronaEligible: true },
  { id: "p-00-krat", articleNumber: "300110", name: "Hollands 0.0 24 × 30 cl", group: "non_alcoholic", packaging: "crate", litresPerUnit: 7.2, coronaEligible: true },
  { id: "p-00-doos", articleNumber: "300120", name: "Polderwit 0.0 24 × 33 cl", group: "non_alcoholic", packaging: "case", litresPerUnit: 7.92, coronaEligible: true },
  { id: "p-cola-krat", articleNumber: "400110", name: "Stroopwafel Cola 24 × 20 cl", group: "soft_drink", packaging: "crate", litresPerUnit: 4.8, coronaEligible: false },
  { id: "p-sinas-krat", articleNumber: "400210", name: "Zomersinas 24 × 20 cl", group: "soft_drink", packaging: "crate", litresPerUnit: 4.8, coronaEligible: false },
];

export const WHOLESALERS = [
  { id: "w-horecagroep", name: "HorecaGroep Noord", city: "Groningen" },
  { id: "w-drankenhandel", name: "Drankenhandel De Vries", city: "Utrecht" },
  { id: "w-sligro", name: "Groothandel Zuid", city: "Eindhoven" },
  { id: "w-kustdrank", name: "Kustdrank", city: "Den Haag" },
];

/** The bonus scale: the year's volume so far decides the rate per hectolitre (in cents). */
export const BONUS_TIERS = [
  { id: "bronze", minHl: 0, ratePerHl: 150 },
  { id: "silver", minHl: 150, ratePerHl: 300 },
  { id: "gold", minHl: 400, ratePerHl: 450 },
] as const;

/** Accounts the seed fills, with how many invoices each gets (100002 carries the 5,000-invoice load). */
export const SEED_ACCOUNTS = [
  { accountNumber: "100001", invoices: 64 },
  { accountNumber: "100002", invoices: 5000 },
  { accountNumber: "100003", invoices: 52 },
] as const;
