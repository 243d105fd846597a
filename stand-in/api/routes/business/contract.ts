import type { SalesContract } from "../../../../src/core/api/schemas/business.ts";
import { getSalesContract } from "../../../db/business/contract.ts";
import { PATHS, type Route } from "../../route.ts";
import { account, langOf } from "./shared.ts";

export const contractRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.salesContract,
    access: "user",
    permissions: ["SAMENWERKINGSOVEREENKOMST"],
    // null (not 404) when the account has no contract: an ordinary state the page shows.
    handle: async (ctx): Promise<SalesContract | null> => (await getSalesContract(ctx.db, account(ctx), langOf(ctx.url))) ?? null,
  },
];
