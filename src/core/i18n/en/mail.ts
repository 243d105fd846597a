import type { nl } from "../mail.ts";

/** The English of `../mail.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "mail.mainUser.new.subject": "You are now the main user of {account}",
  "mail.mainUser.new.body":
    "Dear {firstName},\n\n{actor} has made you the main user of {account} in My account. You now manage this account's users and their permissions.\n\nDid you not expect this? Please contact your account manager.\n\nSign in at {site}.",
  "mail.mainUser.previous.subject": "{name} is now the main user of {account}",
  "mail.mainUser.previous.body":
    "Dear {firstName},\n\n{actor} has handed the role of main user of {account} in My account over to {name}. You keep your access and permissions; from now on {name} can change them.\n\nDid you not expect this? Please contact your account manager.",
  "mail.reset.subject": "Set a new password for My account",
  "mail.reset.body":
    "Dear {firstName},\n\nYou asked for a new password for My account. Set it with this link:\n\n{link}\n\nThe link works once, for one hour. Did you not ask for this? Then you can ignore this email; your password stays as it is.",
  "mail.bundle.subject": "Invoices of {month} of {account}",
  "mail.bundle.body":
    "Good morning,\n\nThe invoices and credit notes of {account} for {month} are ready as one download: each invoice's PDF and UBL e-invoice, and a VAT summary (CSV and Excel).\n\n{link}\n\nYou sign in with your own account for My business first. This e-mail comes on the first working day of every month, because the main user of {account} switched on the monthly bundle.",
  "mail.notification.subject": "New in My account: {title}",
  "mail.notification.body":
    "Dear {firstName},\n\n{title}\n\n{body}\n\nYou also find this under Notifications in My account: {site}/en/mijn-account/meldingen\n\nYou get this email because you chose 'By email at once' for {kind}. You change that in My profile: {site}/en/mijn-account/profiel",
  "mail.digest.subject": "Your weekly summary of My account ({count})",
  "mail.digest.body":
    "Dear {firstName},\n\nThis came in in My account over the past week:\n\n{lines}\n\nRead everything under Notifications: {site}/en/mijn-account/meldingen\n\nYou get this summary because you chose 'Weekly summary' for these kinds of notifications. You change that in My profile: {site}/en/mijn-account/profiel",
  "mail.notification.kind.invoices": "invoices",
  "mail.notification.kind.documents": "documents",
  "mail.notification.kind.bonus": "bonus",
  "mail.notification.kind.contract": "sales contract",
  "mail.notification.kind.service": "service requests",
  "mail.notification.kind.news": "news",
  "mail.moneyChange.subject": "Payment details of {account} changed",
  "mail.moneyChange.body":
    "Dear {firstName},\n\n{actor} ({actorEmail}) changed these details of {account} in My account on {when} (Dutch time):\n\n{changes}\n\nYou get this message as the main user, whenever the IBAN or an address invoices are sent to changes. The full details are in My account under Account details, the change itself under Activity.\n\nWas this not you or your colleague? Then call your account manager today, so that we send no money to the new account before it has been looked into. Change the details back in My account, and have {actor} set a new password with 'Forgot your password?' on the sign-in page.\n\n{site}",
  "mail.moneyChange.empty": "(empty)",
  "mail.moneyChange.field.ibanNumber": "IBAN",
  "mail.moneyChange.field.emailaddress1": "Email address (invoices by email go here)",
  "mail.moneyChange.field.emailinvoicecc": "Copy of invoices to",
};
