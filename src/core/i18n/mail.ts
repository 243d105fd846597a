/**
 * The e-mails the stand-in backend writes to the outbox when a user is created or linked.
 */
export const nl = {
  "mail.created.subject": "Uw account voor Mijn onderneming van {account}",
  "mail.created.body":
    "Beste {firstName},\n\n{inviter} heeft een account voor u aangemaakt in Mijn onderneming van {account}.\n\nNaam: {firstName} {lastName}\nE-mail: {email}\nTelefoon: {phone}\nRechten: {permissions}\n\nUw tijdelijke wachtwoord: {password}\nLog in op {site}.",
  "mail.linked.subject": "U heeft nu toegang tot {account}",
  "mail.linked.body":
    "Beste {firstName},\n\n{inviter} heeft u toegang gegeven tot {account} in Mijn onderneming.\n\nRechten: {permissions}\n\nLog in op {site} met uw bestaande e-mailadres en wachtwoord.",
} as const;
