/**
 * The e-mails the stand-in backend writes to the outbox when the main user's role is handed over and
 * when a password is reset (the invitation's mail: invitation.ts).
 */
export const nl = {
  "mail.mainUser.new.subject": "U bent nu hoofdgebruiker van {account}",
  "mail.mainUser.new.body":
    "Beste {firstName},\n\n{actor} heeft u hoofdgebruiker gemaakt van {account} in Mijn onderneming. U beheert nu de gebruikers van dit account en hun rechten.\n\nHeeft u dit niet verwacht? Neem dan contact op met uw accountmanager.\n\nLog in op {site}.",
  "mail.mainUser.previous.subject": "{name} is nu hoofdgebruiker van {account}",
  "mail.mainUser.previous.body":
    "Beste {firstName},\n\n{actor} heeft de rol van hoofdgebruiker van {account} in Mijn onderneming overgedragen aan {name}. U houdt uw toegang en rechten; {name} kan die voortaan wijzigen.\n\nHeeft u dit niet verwacht? Neem dan contact op met uw accountmanager.",
  "mail.reset.subject": "Nieuw wachtwoord instellen voor Mijn onderneming",
  "mail.reset.body":
    "Beste {firstName},\n\nU heeft gevraagd om een nieuw wachtwoord voor Mijn onderneming. Via deze link stelt u het in:\n\n{link}\n\nDe link werkt één uur en één keer. Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.",
  "mail.bundle.subject": "Facturen van {month} van {account}",
  "mail.bundle.body":
    "Goedemorgen,\n\nDe facturen en creditnota's van {account} over {month} staan klaar als één download: van elke factuur de PDF en de UBL-e-factuur, en een btw-overzicht (CSV en Excel).\n\n{link}\n\nU logt eerst in met uw eigen account voor Mijn onderneming. Deze e-mail komt elke maand op de eerste werkdag, omdat de hoofdgebruiker van {account} de maandelijkse bundel heeft aangezet.",
} as const;
