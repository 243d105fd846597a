/** Texts of the site search: the search page, its results and the header link. */
export const nl = {
  "search.title": "Zoeken",
  "search.intro": "Zoek in onze pagina's en nieuwsartikelen.",
  "search.label": "Zoekterm",
  "search.submit": "Zoeken",
  "search.header": "Zoeken",
  "search.empty": "Vul een zoekterm in.",
  "search.busy": "Bezig met zoeken…",
  "search.count.one": "1 resultaat voor ‘{query}’",
  "search.count.other": "{count} resultaten voor ‘{query}’",
  "search.none": "Geen resultaten voor ‘{query}’. Probeer een ander of korter woord.",
  "search.failed": "Zoeken lukt nu niet. Probeer het later opnieuw.",
  "search.offline": "U bent offline: u vindt alleen pagina's die op dit apparaat bewaard zijn.",
  "search.category": "Categorie",
  "search.page": "Pagina",
  "search.results": "Zoekresultaten",
} as const;
