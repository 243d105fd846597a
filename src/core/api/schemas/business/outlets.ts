import * as v from "valibot";
import { BonusClaimSchema, BonusTierSchema } from "./bonus.ts";
import { InboxItemSchema } from "./inbox.ts";
import { CentsSchema } from "./money.ts";
import { IsoDateSchema } from "../common.ts";

/** The figures of an outlet that need a permission there; one the caller lacks is listed, never sent as zero. */
export const OUTLET_FIGURES = ["invoices", "bonus", "contract"] as const;
export const OutletFigureSchema = v.picklist(OUTLET_FIGURES);
export type OutletFigure = v.InferOutput<typeof OutletFigureSchema>;

/** One outlet (customer account) of the caller with its figures, each only where the caller may see it. */
export const OutletSchema = v.object({
  accountNumber: v.string(),
  name: v.string(),
  city: v.string(),
  /** What the outlet owes incl. VAT, as the invoices call's totals (FACTUREN); null when not visible. */
  invoices: v.nullable(v.object({ open: CentsSchema, overdue: CentsSchema })),
  /** The outlet's claims and settlements, no drafts, as GET /actualssalesdata/ lists them (BONUS); null when not visible. */
  bonus: v.nullable(v.object({ claims: v.array(BonusClaimSchema) })),
  /** The sales contract's term (SAMENWERKINGSOVEREENKOMST); null when there is none or it is not visible. */
  contract: v.nullable(v.object({ startdate: IsoDateSchema, enddate: IsoDateSchema })),
  /** The latest notifications (at most three) and the number unread, as the inbox call would list them. */
  notifications: v.object({ unread: v.pipe(v.number(), v.integer(), v.minValue(0)), latest: v.array(InboxItemSchema) }),
  /** Figures the caller may not see on this outlet. */
  notVisible: v.array(OutletFigureSchema),
});
export type Outlet = v.InferOutput<typeof OutletSchema>;

/** GET /outlets (addition): every outlet of the caller in one call, with the bonus tiers. */
export const OutletsOverviewSchema = v.object({
  outlets: v.array(OutletSchema),
  tiers: v.array(BonusTierSchema),
});
export type OutletsOverview = v.InferOutput<typeof OutletsOverviewSchema>;
