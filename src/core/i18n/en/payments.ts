import type { nl } from "../payments.ts";

/** The English of `../payments.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "pay.button": "Pay",
  "pay.buttonLabel": "Pay invoice {number} online",
  "pay.selected": "Pay selected",
  "pay.selectedCount": "{count} open, {amount} in total",
  "pay.busy": "One moment…",
  "pay.unavailable":
    "The payment provider cannot be reached right now. Nothing has been paid; what was open is still open. Please try again in a few minutes.",
  "pay.failed": "The payment could not be started. Nothing has been paid. Please try again.",
  "pay.alreadyPaid": "Invoice {number} was already paid on {date} ({amount}).",
  "pay.alreadyPaidNoReceipt": "This invoice has already been paid.",
  "pay.nonePayable": "None of the selected invoices is still open.",
  "pay.tooMany": "You can pay up to {max} invoices at once; your selection has {count} open.",
  "pay.pick": "Tick the invoices you want to pay.",
  "pay.status.title": "Payment",
  "pay.status.missing": "No payment was given. Open your invoices to pay one.",
  "pay.status.paid": "Paid, thank you",
  "pay.status.paidText":
    "We received your payment of {amount} on {date}. Your outstanding balance has been updated.",
  "pay.status.confirming": "Waiting for your bank's confirmation",
  "pay.status.confirmingText":
    "You are back from the payment page. As soon as the payment provider confirms the payment, you will see it here; usually within seconds. Please do not pay again in the meantime.",
  "pay.status.confirmingLong":
    "No confirmation has arrived yet. You can close this page: the invoice will be marked as paid once the confirmation is in.",
  "pay.status.check": "Check again",
  "pay.status.unfinished": "This payment has not been completed",
  "pay.status.unfinishedText":
    "The payment page was left before the payment was done. You can continue until {time}; after that the payment expires and you can pay again.",
  "pay.status.continue": "Continue to payment",
  "pay.status.failed": "The payment failed",
  "pay.status.failedText": "Your bank did not carry out the payment. Nothing has been debited.",
  "pay.status.canceled": "The payment was cancelled",
  "pay.status.canceledText": "You cancelled the payment. Nothing has been paid.",
  "pay.status.expired": "The payment expired",
  "pay.status.expiredText": "The payment was not completed in time. Nothing has been paid.",
  "pay.status.paidOne": "The invoice is now marked as paid.",
  "pay.status.paidMany": "The {count} invoices are now marked as paid.",
  "pay.status.openOne": "The invoice is still open.",
  "pay.status.openMany": "The {count} invoices are still open.",
  "pay.status.retry": "Pay again",
  "pay.status.details": "This payment",
  "pay.status.amount": "Amount",
  "pay.status.invoices": "Invoices",
  "pay.status.toInvoices": "To your invoices",
};
