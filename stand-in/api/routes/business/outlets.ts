import type { OutletFigure, OutletsOverview } from "../../../../src/core/api/schemas/business.ts";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import { isAllowed } from "../../../../src/core/permissions/index.ts";
import { bonusTiers, loadClaims } from "../../../db/business/claims.ts";
import { findContractTerms } from "../../../db/business/contract.ts";
import { listInbox } from "../../../db/business/inbox.ts";
import { invoiceTotals } from "../../../db/business/invoices.ts";
import { PATHS, type Route } from "../../route.ts";
import { callerOf, storedAccount } from "../people-request.ts";
import { langOf, today } from "./shared.ts";

/** What each figure of an outlet needs there, as the call that serves it alone (invoices, actualssalesdata, salescontract). */
const FIGURE_PERMISSIONS: Readonly<Record<OutletFigure, readonly Permission[]>> = {
  invoices: ["FACTUREN"],
  bonus: ["BONUS"],
  contract: ["SAMENWERKINGSOVEREENKOMST"],
};
const LATEST_NOTIFICATIONS = 3;

/**
 * GET /outlets (addition): every account of the caller with its figures in one call. Each figure is
 * checked per account with the permission its own call needs; one the caller lacks is named in
 * `notVisible` and left out, so a screen can say so instead of showing zero.
 */
export const outletRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.outlets,
    access: "user",
    handle: (ctx): OutletsOverview => {
      const caller = callerOf(ctx);
      const lang = langOf(ctx.url);
      const outlets = [...caller.permissions.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([accountNumber, held]) => {
          const sees = (figure: OutletFigure): boolean => isAllowed(FIGURE_PERMISSIONS[figure], held);
          const stored = storedAccount(ctx.db, accountNumber);
          const inbox = listInbox(ctx.db, accountNumber, held, lang);
          const contract = sees("contract") ? findContractTerms(ctx.db, accountNumber) : null;
          return {
            accountNumber,
            name: stored.name,
            city: stored.address1city,
            invoices: sees("invoices") ? invoiceTotals(ctx.db, accountNumber, today()) : null,
            // Every settlement, as the bonus overview gets them: the season's pace compares with earlier years.
            bonus: sees("bonus") ? { claims: loadClaims(ctx.db, accountNumber).filter((claim) => claim.status !== "draft") } : null,
            contract: contract ? { startdate: contract.startdate, enddate: contract.enddate } : null,
            notifications: { unread: inbox.unread, latest: inbox.items.slice(0, LATEST_NOTIFICATIONS) },
            notVisible: (Object.keys(FIGURE_PERMISSIONS) as OutletFigure[]).filter((figure) => !sees(figure)),
          };
        });
      ctx.res.setHeader("cache-control", "no-store");
      return { outlets, tiers: bonusTiers() };
    },
  },
];
