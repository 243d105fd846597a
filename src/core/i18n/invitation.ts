/**
 * The invitation's mail and its acceptance pages at the stand-in identity provider (rendered by the
 * local backend, never in the site).
 */
export const nl = {
  "mail.invitation.subject": "Uitnodiging voor Mijn onderneming van {account}",
  "mail.invitation.body":
    "Beste {firstName},\n\n{inviter} van {account} nodigt u uit om in Mijn onderneming te werken.\n\n{access}\n\nAccepteer de uitnodiging via deze link:\n\n{link}\n\nDe link werkt 7 dagen en één keer. Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren.",
  "mail.invitation.bodyExisting":
    "Beste {firstName},\n\n{inviter} van {account} nodigt u uit om in Mijn onderneming te werken, naast de toegang die u al heeft.\n\n{access}\n\nU heeft al een inlog. Accepteer de uitnodiging via deze link en bevestig met uw wachtwoord:\n\n{link}\n\nU vindt de uitnodiging ook bij Meldingen in Mijn onderneming.\n\nDe link werkt 7 dagen en één keer. Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren; er verandert niets.",
  "mail.invitation.dashboardOnly": "alleen het dashboard",
  "mail.invitation.access.one": "Rechten: {permissions}",
  "mail.invitation.access.many": "Vestigingen en rechten:\n{outlets}",
  "notice.invitation.title": "Uitnodiging voor {account}",
  "notice.invitation.body":
    "{inviter} van {account} nodigt u uit om in Mijn onderneming te werken, naast de toegang die u al heeft.\n\n{access}\n\nAccepteer de uitnodiging via de knop hieronder en bevestig met uw wachtwoord. De uitnodiging werkt 7 dagen. Verwachtte u deze uitnodiging niet? Dan kunt u deze melding negeren; er verandert niets.",
  "idp.invitation.title": "Uitnodiging accepteren",
  "idp.invitation.intro": "{inviter} van {account} nodigt u uit om in Mijn onderneming te werken.",
  "idp.invitation.choose": "Kies een wachtwoord. Daarna bent u meteen ingelogd.",
  "idp.invitation.existing": "U heeft al een inlog met dit e-mailadres. Bevestig met uw wachtwoord dat u de uitnodiging accepteert.",
  "idp.invitation.email": "Uw e-mailadres (uw inlognaam)",
  "idp.invitation.password": "Wachtwoord",
  "idp.invitation.currentPassword": "Uw huidige wachtwoord",
  "idp.invitation.submit": "Accepteren en inloggen",
  "idp.invitation.error.credentials": "Dit wachtwoord klopt niet. Probeer het opnieuw of stel een nieuw wachtwoord in via Wachtwoord vergeten.",
  "idp.invitation.dead.title": "Deze uitnodiging werkt niet meer",
  "idp.invitation.dead.expired": "De link in uw uitnodiging werkt 7 dagen, en die zijn voorbij.",
  "idp.invitation.dead.used": "Deze uitnodiging is al geaccepteerd. U kunt gewoon inloggen.",
  "idp.invitation.dead.revoked": "Deze uitnodiging is ingetrokken door degene die u uitnodigde.",
  "idp.invitation.dead.replaced": "Er is u een nieuwere uitnodiging gestuurd. Alleen de link in de nieuwste e-mail werkt.",
  "idp.invitation.dead.unknown": "Deze link is niet (meer) geldig.",
  "idp.invitation.dead.what": "Vraag degene die u uitnodigde om u opnieuw uit te nodigen.",
  "idp.invitation.dead.signIn": "Naar inloggen",
} as const;
