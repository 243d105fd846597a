import { escapeHtml } from "../idp/pages.ts";
import type { ProviderRow } from "./provider-store.ts";

/**
 * The stand-in provider's hosted checkout, in the supplier's colours like a real provider's branded
 * checkout, Dutch or English as the payment's locale says. iDEAL comes first (the Dutch default).
 * Being a stand-in, it lets the tester choose how the payment ends; a real provider's page would ask
 * for the bank instead.
 */
export type CheckoutLang = "nl" | "en";

const TEXT = {
  nl: {
    title: "Betalen",
    merchant: "Van Dam Dranken",
    amount: "Te betalen",
    description: "Omschrijving",
    expires: "Rond deze betaling af vóór {time}.",
    method: "Betaalmethode",
    ideal: "iDEAL",
    idealHint: "Betaal via uw eigen bank",
    bancontact: "Bancontact",
    card: "Creditcard",
    testMode: "Testomgeving: kies de uitkomst",
    paid: "Betaald",
    failed: "Mislukt (de bank weigert)",
    canceled: "Geannuleerd",
    expired: "Verlopen",
    pay: "Betalen",
    cancel: "Annuleren en terug naar het portaal",
    done: "Deze betaling is al afgerond",
    doneStatus: {
      open: "open",
      pending: "in behandeling",
      paid: "betaald",
      failed: "mislukt",
      canceled: "geannuleerd",
      expired: "verlopen",
    },
    doneText: "De status is: {status}.",
    back: "Terug naar het portaal",
    notFound: "Deze betaling bestaat niet.",
    secure: "Beveiligde betaalomgeving van de betaalprovider",
  },
  en: {
    title: "Pay",
    merchant: "Van Dam Dranken",
    amount: "Amount due",
    description: "Description",
    expires: "Complete this payment before {time}.",
    method: "Payment method",
    ideal: "iDEAL",
    idealHint: "Pay through your own bank",
    bancontact: "Bancontact",
    card: "Credit card",
    testMode: "Test environment: choose the outcome",
    paid: "Paid",
    failed: "Failed (the bank declines)",
    canceled: "Cancelled",
    expired: "Expired",
    pay: "Pay",
    cancel: "Cancel and return to the portal",
    done: "This payment has already ended",
    doneStatus: {
      open: "open",
      pending: "pending",
      paid: "paid",
      failed: "failed",
      canceled: "cancelled",
      expired: "expired",
    },
    doneText: "Its status is: {status}.",
    back: "Return to the portal",
    notFound: "This payment does not exist.",
    secure: "Secure payment page of the payment provider",
  },
} as const;

export const checkoutLang = (locale: string): CheckoutLang => (locale.startsWith("en") ? "en" : "nl");

function money(value: string, lang: CheckoutLang): string {
  return new Intl.NumberFormat(lang === "en" ? "en-US" : "nl-NL", {
    style: "currency",
    currency: "EUR",
  }).format(Number(value));
}

const time = (iso: string, lang: CheckoutLang): string =>
  new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "nl-NL", {
    timeZone: "Europe/Amsterdam",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

function layout(lang: CheckoutLang, title: string, main: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t.merchant)}</title>
<link rel="stylesheet" href="/payment-provider/checkout.css">
</head>
<body>
<main class="checkout">
<p class="merchant">${escapeHtml(t.merchant)}</p>
${main}
<p class="secure">${escapeHtml(t.secure)}</p>
</main>
</body>
</html>`;
}

/** The checkout of an open payment: amount, description, methods (iDEAL first), the tester's outcome. */
export function checkoutPage(payment: ProviderRow, formAction: string): string {
  const lang = checkoutLang(payment.locale);
  const t = TEXT[lang];
  const outcome = (value: "paid" | "failed" | "canceled" | "expired", checked = false) =>
    `<label class="choice"><input type="radio" name="outcome" value="${value}"${checked ? " checked" : ""}> ${escapeHtml(t[value])}</label>`;
  const method = (value: string, label: string, hint = "", checked = false) =>
    `<label class="choice choice--method"><input type="radio" name="method" value="${value}"${checked ? " checked" : ""}> <span><strong>${escapeHtml(label)}</strong>${hint ? `<span class="hint">${escapeHtml(hint)}</span>` : ""}</span></label>`;
  return layout(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<dl class="facts">
<div><dt>${escapeHtml(t.amount)}</dt><dd class="amount" data-amount>${escapeHtml(money(payment.amount, lang))}</dd></div>
<div><dt>${escapeHtml(t.description)}</dt><dd>${escapeHtml(payment.description)}</dd></div>
</dl>
<p class="expires">${escapeHtml(t.expires.replace("{time}", time(payment.expires_at, lang)))}</p>
<form method="post" action="${escapeHtml(formAction)}">
<fieldset><legend>${escapeHtml(t.method)}</legend>
${method("ideal", t.ideal, t.idealHint, true)}
${method("bancontact", t.bancontact)}
${method("creditcard", t.card)}
</fieldset>
<fieldset class="test"><legend>${escapeHtml(t.testMode)}</legend>
${outcome("paid", true)}
${outcome("failed")}
${outcome("canceled")}
${outcome("expired")}
</fieldset>
<button type="submit" class="pay">${escapeHtml(t.pay)} ${escapeHtml(money(payment.amount, lang))}</button>
<button type="submit" name="outcome" value="canceled" class="cancel">${escapeHtml(t.cancel)}</button>
</form>`,
  );
}

/** A payment that is no longer open: what became of it and the way back. */
export function finishedPage(payment: ProviderRow): string {
  const lang = checkoutLang(payment.locale);
  const t = TEXT[lang];
  return layout(
    lang,
    t.done,
    `<h1>${escapeHtml(t.done)}</h1>
<p>${escapeHtml(t.doneText.replace("{status}", t.doneStatus[payment.status]))}</p>
<p><a class="button-link" href="${escapeHtml(payment.redirect_url)}">${escapeHtml(t.back)}</a></p>`,
  );
}

export const notFoundPage = (lang: CheckoutLang): string =>
  layout(lang, TEXT[lang].notFound, `<h1>${escapeHtml(TEXT[lang].notFound)}</h1>`);
