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
  "mail.notification.subject": "Nieuw in Mijn onderneming: {title}",
  "mail.notification.body":
    "Beste {firstName},\n\n{title}\n\n{body}\n\nU vindt dit ook bij Meldingen in Mijn onderneming: {site}/mijn-account/meldingen\n\nU krijgt deze e-mail omdat u voor {kind} 'Direct per e-mail' heeft gekozen. Dat wijzigt u in Mijn profiel: {site}/mijn-account/profiel",
  "mail.digest.subject": "Uw weekoverzicht van Mijn onderneming ({count})",
  "mail.digest.body":
    "Beste {firstName},\n\nDit kwam de afgelopen week binnen in Mijn onderneming:\n\n{lines}\n\nU leest alles bij Meldingen: {site}/mijn-account/meldingen\n\nU krijgt dit overzicht omdat u voor deze soorten meldingen 'Wekelijks overzicht' heeft gekozen. Dat wijzigt u in Mijn profiel: {site}/mijn-account/profiel",
  "mail.notification.kind.invoices": "facturen",
  "mail.notification.kind.documents": "documenten",
  "mail.notification.kind.bonus": "bonus",
  "mail.notification.kind.contract": "samenwerkingsovereenkomst",
  "mail.notification.kind.service": "serviceverzoeken",
  "mail.notification.kind.news": "nieuws",
  "mail.moneyChange.subject": "Betaalgegevens van {account} gewijzigd",
  "mail.moneyChange.body":
    "Beste {firstName},\n\n{actor} ({actorEmail}) heeft op {when} (Nederlandse tijd) in Mijn onderneming deze gegevens van {account} gewijzigd:\n\n{changes}\n\nU krijgt dit bericht als hoofdgebruiker, bij elke wijziging van het IBAN of van de adressen waar facturen naartoe gaan. De volledige gegevens ziet u in Mijn onderneming bij Accountgegevens, de wijziging zelf bij Activiteit.\n\nHeeft u of uw collega dit niet gedaan? Bel dan vandaag nog uw accountmanager, zodat wij geen geld naar de nieuwe rekening overmaken voordat het is uitgezocht. Zet de gegevens terug in Mijn onderneming, en laat {actor} een nieuw wachtwoord instellen via 'Wachtwoord vergeten?' op de inlogpagina.\n\n{site}",
  "mail.moneyChange.empty": "(leeg)",
  "mail.moneyChange.field.ibanNumber": "IBAN",
  "mail.moneyChange.field.emailaddress1": "E-mailadres (facturen per e-mail gaan hierheen)",
  "mail.moneyChange.field.emailinvoicecc": "Kopie van facturen naar",
} as const;
