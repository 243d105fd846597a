/** The business-data contract (invoices, documents, inbox, bonus, sales contract, tht); see docs/api-business.md. */
export * from "./business/money.ts";
export * from "./business/attachments.ts";
export * from "./business/invoices.ts";
export * from "./business/documents.ts";
export * from "./business/inbox.ts";
export * from "./business/products.ts";
export * from "./business/bonus.ts";
export * from "./business/sales-contract.ts";
export * from "./business/corona.ts";
export * from "./business/outlets.ts";
export * from "./business/monthly-bundle.ts";
export * from "./business/payments.ts";
export * from "./business/deliveries.ts";
export * from "./business/empties.ts";
