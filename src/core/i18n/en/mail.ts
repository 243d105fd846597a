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
};
