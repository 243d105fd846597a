import { MonthlyBundleInputSchema, type MonthlyBundle } from "../../../../src/core/api/schemas/business.ts";
import { normalizeEmail } from "../../../../src/core/validation/email.ts";
import { getMonthlyBundle, setMonthlyBundle } from "../../../db/business/monthly-bundle.ts";
import { linkOf } from "../../../db/people/links.ts";
import { HttpError } from "../../../http.ts";
import { PATHS, type Route, type RouteContext } from "../../route.ts";
import { account, readBody } from "./shared.ts";

/**
 * The account's main user alone switches the monthly bundle and names the bookkeeper's address: it
 * sends the account's invoices to someone outside the portal's user list, so it is the key holder's call.
 */
function mainUsersAccount(ctx: RouteContext): string {
  const accountNumber = account(ctx);
  if (!ctx.caller || !linkOf(ctx.db, ctx.caller.userId, accountNumber)?.isMainUser) throw new HttpError(403, { statusCode: 2 });
  return accountNumber;
}

export const monthlyBundleRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.monthlyBundle,
    access: "user",
    accountScoped: true,
    handle: (ctx): MonthlyBundle => getMonthlyBundle(ctx.db, mainUsersAccount(ctx)),
  },
  {
    method: "PUT",
    path: PATHS.monthlyBundle,
    access: "user",
    accountScoped: true,
    handle: async (ctx): Promise<MonthlyBundle> => {
      const accountNumber = mainUsersAccount(ctx);
      const input = await readBody(ctx.req, MonthlyBundleInputSchema);
      const email = input.email?.trim() ? normalizeEmail(input.email) : null;
      const bundle = { enabled: input.enabled, email };
      setMonthlyBundle(ctx.db, accountNumber, bundle);
      return bundle;
    },
  },
];
