import type { Outlet, OutletsOverview } from "../api/schemas/business.ts";
import { outstanding, type Outstanding } from "./outstanding.ts";
import { pacingFromClaims, type Pacing } from "./pacing.ts";

/** One outlet as the all-outlets screen shows it: null where the caller may not see the figure. */
export type OutletRow = {
  accountNumber: string;
  name: string;
  city: string;
  owed: Outstanding | null;
  pacing: Pacing | null;
  notifications: Outlet["notifications"];
};

export type OutletTotals = {
  /** The sum over the outlets whose invoices the caller may see, and how many those are. */
  owed: Outstanding;
  owedOutlets: number;
  /** The year's bonus at this pace summed over the outlets with a forecast (low, high), and how many. */
  bonus: { low: number; high: number } | null;
  bonusOutlets: number;
  unread: number;
  outlets: number;
};

/**
 * The all-outlets screen's rows and totals, from one GET /outlets answer. Each figure comes from the
 * calculation its own screen uses (outstanding, pacing), so an outlet's row reads as its dashboard
 * and bonus overview do; a figure the caller may not see stays null and is left out of the totals.
 */
export function outletRows(overview: OutletsOverview, today: string): { rows: OutletRow[]; totals: OutletTotals } {
  const rows = overview.outlets.map((outlet): OutletRow => ({
    accountNumber: outlet.accountNumber,
    name: outlet.name,
    city: outlet.city,
    owed: outlet.invoices ? outstanding(outlet.invoices) : null,
    pacing: outlet.bonus ? pacingFromClaims(outlet.bonus.claims, overview.tiers, today, outlet.contract?.enddate) : null,
    notifications: outlet.notifications,
  }));
  const withOwed = rows.filter((row) => row.owed !== null);
  const withBonus = rows.filter((row) => row.pacing?.yearBonus);
  return {
    rows,
    totals: {
      owed: withOwed.reduce<Outstanding>(
        (sum, row) => ({
          total: sum.total + (row.owed?.total ?? 0),
          overdue: sum.overdue + (row.owed?.overdue ?? 0),
          notYetDue: sum.notYetDue + (row.owed?.notYetDue ?? 0),
        }),
        { total: 0, overdue: 0, notYetDue: 0 },
      ),
      owedOutlets: withOwed.length,
      bonus: withBonus.length
        ? withBonus.reduce((sum, row) => ({ low: sum.low + (row.pacing?.yearBonus?.low ?? 0), high: sum.high + (row.pacing?.yearBonus?.high ?? 0) }), { low: 0, high: 0 })
        : null,
      bonusOutlets: withBonus.length,
      unread: rows.reduce((sum, row) => sum + row.notifications.unread, 0),
      outlets: rows.length,
    },
  };
}
