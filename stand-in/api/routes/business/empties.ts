import type { EmptiesLedger } from "../../../../src/core/api/schemas/business.ts";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import { parsePeriod } from "../../../../src/core/business/deliveries.ts";
import { emptiesCsv } from "../../../../src/core/business/empties-csv.ts";
import { SCREENS } from "../../../../src/core/portal/screens.ts";
import { emptiesLedger } from "../../../db/daily/empties.ts";
import { validationError } from "../../../http.ts";
import { PATHS, type Route, type RouteContext } from "../../route.ts";
import { account, langOf, sendFile, today } from "./shared.ts";

/** Who may see the empties and their deposit: the permissions of the empties screen (FACTUREN), one rule for both. */
const EMPTIES_PERMISSIONS: Permission[] = [...SCREENS.empties.permissions];

function ledgerOf(ctx: RouteContext): EmptiesLedger {
  const period = parsePeriod(ctx.url.searchParams, today());
  if (!period.ok) throw validationError(period.errors);
  return emptiesLedger(ctx.db, account(ctx), period.value);
}

export const emptiesRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.empties,
    access: "user",
    permissions: EMPTIES_PERMISSIONS,
    handle: (ctx): EmptiesLedger => {
      const ledger = ledgerOf(ctx);
      ctx.res.setHeader("cache-control", "no-store");
      return ledger;
    },
  },
  {
    method: "GET",
    path: PATHS.emptiesCsv,
    access: "user",
    permissions: EMPTIES_PERMISSIONS,
    handle: (ctx) => {
      const ledger = ledgerOf(ctx);
      const lang = langOf(ctx.url);
      sendFile(ctx.res, {
        fileName: `${lang === "en" ? "empties" : "emballage"}-${account(ctx)}-${ledger.from}-${ledger.to}.csv`,
        contentType: "text/csv; charset=utf-8",
        bytes: Buffer.from(emptiesCsv(ledger, lang), "utf8"),
      });
      return undefined;
    },
  },
];
