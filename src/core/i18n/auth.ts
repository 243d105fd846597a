/**
 * Texts of sign-in, account selection, permissions and the portal shell; what a sign-in that goes
 * wrong shows is in `session.ts`.
 */
export const nl = {
  "auth.signIn": "Inloggen",
  "auth.signOut": "Uitloggen",
  "auth.signingIn": "U wordt doorgestuurd naar de inlogpagina…",
  "auth.callback.busy": "Bezig met inloggen…",
  "auth.signingOut": "Bezig met uitloggen…",
  "auth.signedOut": "U bent uitgelogd.",
  "auth.signedOut.unreachable":
    "U bent op deze computer uitgelogd. De inlogdienst reageerde niet op tijd, waardoor wij uw sessie daar niet konden beëindigen. Daarom vraagt de inlogpagina bij de volgende keer inloggen op deze computer opnieuw om uw wachtwoord.",
  "auth.signedOut.noSession":
    "Op deze computer was u niet (meer) ingelogd. Voor de zekerheid vraagt de inlogpagina bij de volgende keer inloggen op deze computer opnieuw om uw wachtwoord.",
  "auth.toHome": "Naar de homepage",
  "auth.tryAgain": "Opnieuw inloggen",
  "auth.settings.invalid": "Het portaal is niet goed ingesteld en kan niet starten.",
  "auth.noPermission.title": "Geen rechten",
  "auth.noPermission.body":
    "U heeft geen rechten om deze pagina te bekijken. Vraag de hoofdgebruiker om uw rechten aan te passen.",
  "auth.back": "Terug naar de vorige pagina",
  "auth.account.panel": "Mijn account",
  "auth.account.open": "Accountmenu openen",
  "auth.account.current": "Huidig account",
  "auth.account.switch": "Wissel van account",
  "auth.account.select.title": "Selecteer account",
  "auth.account.select.intro": "U heeft toegang tot meerdere accounts. Kies met welk account u verder wilt.",
  "auth.account.select.choose": "Kies {name}",
  "auth.account.number": "Accountnummer {number}",
  "auth.account.none": "Er zijn geen accounts aan uw gebruiker gekoppeld. Neem contact met ons op.",
  "auth.account.error": "Uw accounts konden niet worden geladen.",
  "auth.account.loading": "Accounts laden…",
  "auth.dashboard": "Dashboard",
  "auth.notifications": "Meldingen",
  "auth.notifications.count.one": "{count} ongelezen melding",
  "auth.notifications.count.other": "{count} ongelezen meldingen",
  "auth.dashboard.title": "Mijn onderneming",
  "auth.dashboard.welcome": "Welkom, {name}",
  "auth.dashboard.account": "U werkt nu voor {name} ({number}).",
  "auth.error.boundary.title": "Er is een fout opgetreden.",
  "auth.error.boundary.unexpected": "Onverwachte fout in de applicatie!",
  "auth.error.boundary.reload": "Herladen",
  "auth.error.boundary.back": "Ga terug",
} as const;
