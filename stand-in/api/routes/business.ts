import type { Route } from "../route.ts";
import { bonusRoutes } from "./business/bonus.ts";
import { contractRoutes } from "./business/contract.ts";
import { coronaRoutes } from "./business/corona.ts";
import { deliveryRoutes } from "./business/deliveries.ts";
import { emptiesRoutes } from "./business/empties.ts";
import { documentRoutes } from "./business/documents.ts";
import { inboxRoutes } from "./business/inbox.ts";
import { invoiceBundleRoute } from "./business/invoice-bundle.ts";
import { invoiceRoutes } from "./business/invoices.ts";
import { monthlyBundleRoutes } from "./business/monthly-bundle.ts";
import { outletRoutes } from "./business/outlets.ts";
import { paymentRoutes } from "./business/payments.ts";
import { serviceRoutes } from "./business/service.ts";

/** Business data calls (docs/api-business.md): invoices, documents, inbox, bonus (actualssalesdata), sales contract, tht, all outlets, deliveries, empties, service requests. */
export const businessRoutes: Route[] = [
  ...paymentRoutes,
  ...invoiceRoutes,
  invoiceBundleRoute,
  ...monthlyBundleRoutes,
  ...documentRoutes,
  ...inboxRoutes,
  ...contractRoutes,
  ...bonusRoutes,
  ...coronaRoutes,
  ...outletRoutes,
  ...deliveryRoutes,
  ...emptiesRoutes,
  ...serviceRoutes,
];
