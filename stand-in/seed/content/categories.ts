/** News categories under the configuration's categoryParentSlug (`nieuws`), in menu order. */
type SeedCategory = {
  slug: string;
  nl: { title: string; description: string };
  en: { title: string; description: string };
};

export const NEWS_PARENT_SLUG = "nieuws";

export const CATEGORIES: SeedCategory[] = [
  {
    slug: "nieuws-algemeen",
    nl: { title: "Bedrijfsnieuws", description: "Nieuws over Van Dam Dranken: vestigingen, openingstijden, mensen en service." },
    en: { title: "Company news", description: "News about Van Dam Dranken: branches, opening hours, people and service." },
  },
  {
    slug: "producten",
    nl: { title: "Nieuwe producten", description: "Nieuw in het assortiment: bier, wijn, frisdrank, koffie en alcoholvrije alternatieven." },
    en: { title: "New products", description: "New in our range: beer, wine, soft drinks, coffee and alcohol-free alternatives." },
  },
  {
    slug: "horeca-tips",
    nl: { title: "Horecatips", description: "Praktische tips om meer uit uw drankenkaart, tap en voorraad te halen." },
    en: { title: "Hospitality tips", description: "Practical tips to get more out of your drinks menu, draught system and stock." },
  },
  {
    slug: "duurzaamheid",
    nl: { title: "Duurzaamheid", description: "Hoe wij samen met onze klanten werken aan minder uitstoot en minder afval." },
    en: { title: "Sustainability", description: "How we work with our customers on lower emissions and less waste." },
  },
  {
    slug: "evenementen",
    nl: { title: "Evenementen", description: "Proeverijen, beurzen en klantendagen van Van Dam Dranken." },
    en: { title: "Events", description: "Tastings, trade fairs and customer days of Van Dam Dranken." },
  },
];
