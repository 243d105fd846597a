import type { Delivery, DeliveryList } from "../../../../src/core/api/schemas/business.ts";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import { parsePeriod } from "../../../../src/core/business/deliveries.ts";
import { SCREENS } from "../../../../src/core/portal/screens.ts";
import { findDelivery, listDeliveries, nextDelivery } from "../../../db/daily/deliveries.ts";
import { HttpError, validationError } from "../../../http.ts";
import { renderDeliveryNotePdf } from "../../../pdf/delivery-note.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../../route.ts";
import { account, clock, langOf, notFound, sendFile, today } from "./shared.ts";

/** Who may see deliveries: the permissions of the deliveries screen (FACTUREN or DOCUMENTEN), one rule for both. */
const DELIVERY_PERMISSIONS: Permission[] = [...SCREENS.deliveries.permissions];

/**
 * The delivery asked for, on the account asked for. A delivery of another account is refused with
 * 403 (statusCode 2), as asking with that account would be; an unknown number is 404.
 */
function ownDelivery(ctx: RouteContext): Delivery {
  const delivery = findDelivery(ctx.db, ctx.params["number"] ?? "");
  if (!delivery) throw notFound();
  if (delivery.accountNumber !== account(ctx)) throw new HttpError(403, { statusCode: 2 });
  return delivery;
}

export const deliveryRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.deliveries,
    access: "user",
    permissions: DELIVERY_PERMISSIONS,
    handle: (ctx): DeliveryList => {
      const day = today();
      const period = parsePeriod(ctx.url.searchParams, day);
      if (!period.ok) throw validationError(period.errors);
      const accountNumber = account(ctx);
      ctx.res.setHeader("cache-control", "no-store");
      return { next: nextDelivery(ctx.db, accountNumber, clock.now()), items: listDeliveries(ctx.db, accountNumber, period.value), ...period.value };
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.delivery, "number"),
    access: "user",
    permissions: DELIVERY_PERMISSIONS,
    handle: (ctx): Delivery => ownDelivery(ctx),
  },
  {
    method: "GET",
    path: pattern(PATHS.deliveryNote, "number"),
    access: "user",
    permissions: DELIVERY_PERMISSIONS,
    handle: async (ctx) => {
      const delivery = ownDelivery(ctx);
      const lang = langOf(ctx.url);
      sendFile(ctx.res, {
        fileName: `${lang === "en" ? "delivery-note" : "pakbon"}-${delivery.number}.pdf`,
        contentType: "application/pdf",
        bytes: await renderDeliveryNotePdf(delivery, lang),
      });
      return undefined;
    },
  },
];
