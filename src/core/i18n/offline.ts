/** Texts of offline reading: the offline page, the "needs a connection" message and the offline mark. */
export const nl = {
  "offline.title": "U bent offline",
  "offline.page.message":
    "Deze pagina is niet bewaard om offline te lezen. Maak verbinding met internet om hem te openen.",
  "offline.private.title": "Hiervoor is een verbinding nodig",
  "offline.private.message":
    "Mijn onderneming werkt alleen met een internetverbinding: uw gegevens worden niet op dit apparaat bewaard. Maak verbinding en probeer het opnieuw.",
  "offline.retry": "Opnieuw proberen",
  "offline.available.title": "Wel offline beschikbaar",
  "offline.available.news": "Nieuwsoverzicht",
  "offline.available.search": "Zoeken in bewaarde pagina's",
  "offline.available.articles": "Bewaarde artikelen",
  "offline.available.none":
    "Er zijn nog geen artikelen bewaard. Open het nieuws als u online bent, dan bewaren we de nieuwste artikelen.",
  "offline.mark": "Offline beschikbaar",
} as const;
