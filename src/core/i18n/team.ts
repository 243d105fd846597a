/**
 * The users screen's team texts: a person's state (invited, active, …), the invitation's dates and
 * its actions (resend, revoke), and the refusals of inviting.
 */
export const nl = {
  "portal.users.state": "Status",
  "portal.users.state.active": "Actief",
  "portal.users.state.invited": "Uitgenodigd",
  "portal.users.state.expired": "Verlopen",
  "portal.users.state.revoked": "Ingetrokken",
  "portal.users.state.deactivated": "Gedeactiveerd",
  "portal.users.invitedAt": "Uitnodiging verstuurd",
  "portal.users.notSent": "Uitnodiging niet verstuurd",
  "portal.users.acceptedAt": "Geaccepteerd",
  "portal.users.lastSignIn": "Laatst ingelogd",
  "portal.users.neverSignedIn": "Nog niet ingelogd",
  "portal.users.resend": "Uitnodiging opnieuw versturen",
  "portal.users.resendNamed": "Uitnodiging voor {name} opnieuw versturen",
  "portal.users.revoke": "Uitnodiging intrekken",
  "portal.users.revokeNamed": "Uitnodiging voor {name} intrekken",
  "portal.users.resent.title": "Uitnodiging opnieuw verstuurd",
  "portal.users.resent.message":
    "{name} heeft een nieuwe uitnodiging ontvangen, 7 dagen geldig. De link uit de vorige e-mail werkt niet meer.",
  "portal.users.revoked.title": "Uitnodiging ingetrokken",
  "portal.users.revoked.message": "De uitnodiging voor {name} is ingetrokken. De link in de e-mail werkt niet meer.",
  "portal.users.revokeConfirm.title": "Uitnodiging intrekken",
  "portal.users.revokeConfirm.body": "Weet u zeker dat u de uitnodiging voor {name} wilt intrekken? De link in de e-mail werkt dan niet meer.",
  "portal.users.revokeConfirm.yes": "Ja, intrekken",
  "portal.users.inviteHintGeneric":
    "De nieuwe gebruiker ontvangt een uitnodiging per e-mail en kiest zelf een wachtwoord. De link werkt 7 dagen en één keer.",
  "validation.already_invited":
    "Deze persoon is al uitgenodigd voor dit account. Verstuur de uitnodiging zo nodig opnieuw vanuit de lijst.",
  "validation.self_invite": "U kunt uzelf niet uitnodigen: u heeft al toegang tot dit account.",
  "validation.invitation_not_open": "Deze uitnodiging is al geaccepteerd of ingetrokken.",
} as const;
