/**
 * Texts of a sign-in that needs more than a click: why it failed (`auth.error.<kind>`), the session
 * that expired, the consent screen and the token debug page. Loaded by the views that show them.
 */
export const nl = {
  "auth.error.title": "Inloggen is niet gelukt",
  "auth.error.login_required": "U bent niet (meer) ingelogd. Log opnieuw in om verder te gaan.",
  "auth.error.consent_required": "U moet eerst toestemming geven voordat u verder kunt.",
  "auth.error.interaction_required": "Er is een handeling van u nodig. Log opnieuw in om verder te gaan.",
  "auth.error.account_selection_required": "Kies een account bij het inloggen om verder te gaan.",
  "auth.error.access_denied":
    "De toegang is geweigerd. Neem contact met ons op als u denkt dat dit niet klopt.",
  "auth.error.timeout": "Het inloggen duurde te lang. Probeer het opnieuw.",
  "auth.error.popup_cancelled": "Het inlogvenster is gesloten voordat u was ingelogd.",
  "auth.error.popup_blocked":
    "Het inlogvenster kon niet worden geopend. Sta pop-ups voor deze site toe en probeer het opnieuw.",
  "auth.error.missing_refresh_token": "Uw sessie kon niet worden verlengd. Log opnieuw in.",
  "auth.error.mfa_required": "Er is een extra verificatiestap nodig. Log opnieuw in en volg de stappen.",
  "auth.error.invalid_state": "De inlogpoging is verlopen of ongeldig. Start het inloggen opnieuw.",
  "auth.error.no_callback_params":
    "Deze pagina is bedoeld om het inloggen af te ronden, maar er zijn geen inloggegevens meegestuurd.",
  "auth.error.cross_origin_isolated":
    "Uw sessie kan op deze pagina niet op de achtergrond worden verlengd. Log opnieuw in.",
  "auth.error.login_failed": "Inloggen is mislukt. Probeer het opnieuw.",
  "auth.error.token_failed": "Uw sessie kon niet worden verlengd. Probeer het opnieuw of log opnieuw in.",
  "auth.error.token_refused":
    "Uw sessie is beëindigd: de inloggegevens die wij van de inlogdienst kregen, klopten niet. Log opnieuw in.",
  "auth.sessionExpired.title": "Uw sessie is verlopen",
  "auth.sessionExpired.body": "Log opnieuw in om verder te gaan. Wat u heeft ingevuld, blijft bewaard.",
  "auth.sessionExpired.signIn": "Opnieuw inloggen",
  "auth.consent.title": "Toestemming",
  "auth.consent.intro":
    "Lees de voorwaarden en de privacyverklaring. Geef uw toestemming om het portaal te gebruiken.",
  "auth.consent.terms": "Gebruiksvoorwaarden",
  "auth.consent.privacy": "Privacyverklaring",
  "auth.consent.accept": "Ik ga akkoord",
  "auth.consent.decline": "Ik ga niet akkoord",
  "auth.consent.declineWarning": "Als u niet akkoord gaat, kunt u Mijn onderneming niet gebruiken en wordt u uitgelogd.",
  "auth.consent.declineConfirm": "Toch niet akkoord, uitloggen",
  "auth.consent.declineBack": "Terug",
  "auth.consent.saving": "Bezig met opslaan…",
  "auth.consent.failed": "Uw toestemming kon niet worden opgeslagen. Probeer het opnieuw.",
  "auth.debug.title": "Sessie-inspectie",
  "auth.debug.claims": "Claims van het ID-token",
  "auth.debug.accessToken": "Claims van het access-token",
  "auth.debug.expires": "Access-token verloopt om {time}",
  "auth.debug.off": "Deze pagina is alleen beschikbaar als debug aan staat.",
} as const;
