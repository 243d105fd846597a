/**
 * Content pages per language. Slugs are the same in both languages; sub pages name their parent.
 * `vacatures` has no body, for the empty-page state.
 */
import type { RichTextDocument } from "../../../src/core/api/schemas/rich-text.ts";
import { IMAGES, type ImageKey } from "./images.ts";
import { articleLink, asset, bold, doc, h2, hr, italic, link, ol, p, quote, ul } from "./rich-text.ts";
import type { Lang } from "./site.ts";

type PageFields = {
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  intro: string | null;
  body: RichTextDocument | null;
};

export type SeedPage = {
  slug: string;
  parentSlug: string | null;
  heroImage: ImageKey | null;
  updatedAt: string;
  fields: (lang: Lang) => PageFields;
};

type T = (nl: string, en: string) => string;
const translator = (lang: Lang): T => (nl, en) => (lang === "nl" ? nl : en);

const page = (
  slug: string,
  parentSlug: string | null,
  heroImage: ImageKey | null,
  updatedAt: string,
  build: (t: T, lang: Lang) => PageFields,
): SeedPage => ({ slug, parentSlug, heroImage, updatedAt, fields: (lang) => build(translator(lang), lang) });

const PHONE = "tel:+31201234567";

export const PAGES: SeedPage[] = [
  page("home", null, "heroHome", "2026-01-12T09:00:00.000Z", (t) => ({
    title: t("Uw drankengroothandel voor horeca en bedrijven", "Your beverage wholesaler for hospitality and business"),
    seoTitle: t("Van Dam Dranken | Drankengroothandel", "Van Dam Dranken | Beverage wholesaler"),
    seoDescription: t(
      "Bier, wijn, frisdrank en koffie voor horeca, bedrijven en evenementen. Vandaag besteld, morgen geleverd.",
      "Beer, wine, soft drinks and coffee for hospitality, offices and events. Ordered today, delivered tomorrow.",
    ),
    intro: t(
      "Al meer dan zeventig jaar leveren wij dranken aan cafés, restaurants, hotels, kantoren en evenementen in heel Nederland.",
      "For more than seventy years we have supplied drinks to cafés, restaurants, hotels, offices and events throughout the Netherlands.",
    ),
    body: doc(
      h2(t("Alles voor uw drankenkaart", "Everything for your drinks menu")),
      p(
        t("Van speciaalbier van de brouwerij om de hoek tot ", "From craft beer brewed around the corner to "),
        bold(t("huiswijnen die uw gasten verrassen", "house wines that surprise your guests")),
        t(": ons assortiment telt meer dan 3.000 producten.", ": our range counts more than 3,000 products."),
      ),
      ul(
        t("Bezorging op een vast moment, zes dagen per week", "Delivery at a fixed time, six days a week"),
        t("Persoonlijk advies van uw eigen accountmanager", "Personal advice from your own account manager"),
        t("Facturen, bonus en contract online inzien in Mijn onderneming", "View invoices, bonus and contract online in My account"),
      ),
      p(
        t("Nog geen klant? ", "Not a customer yet? "),
        link(t("/klant-worden", "/en/klant-worden"), t("Word klant", "Become a customer")),
        t(" of bel ons op ", " or call us on "),
        link(PHONE, "020 123 45 67"),
        ".",
      ),
    ),
  })),
  page("over-ons", null, "heroOverOns", "2025-09-01T08:00:00.000Z", (t) => ({
    title: t("Over Van Dam Dranken", "About Van Dam Dranken"),
    seoTitle: null,
    seoDescription: t("Familiebedrijf sinds 1952, met vestigingen in Amsterdam, Utrecht en Zwolle.", "Family business since 1952, with branches in Amsterdam, Utrecht and Zwolle."),
    intro: t("Een familiebedrijf dat groot is geworden door klein te blijven denken.", "A family business that grew large by continuing to think small."),
    body: doc(
      p(
        t(
          "Van Dam Dranken begon in 1952 met één bakfiets en een kelder vol kratten in de Amsterdamse Jordaan. Vandaag bezorgen 140 collega's dagelijks bij ruim 6.000 horecazaken en bedrijven.",
          "Van Dam Dranken started in 1952 with one cargo bike and a cellar full of crates in Amsterdam's Jordaan. Today 140 colleagues deliver daily to more than 6,000 venues and businesses.",
        ),
      ),
      h2(t("Waar wij voor staan", "What we stand for")),
      ol(
        [bold(t("Betrouwbaar: ", "Reliable: ")), t("wat wij toezeggen, doen wij.", "we do what we promise.")],
        [bold(t("Persoonlijk: ", "Personal: ")), t("u kent uw chauffeur en uw accountmanager bij naam.", "you know your driver and your account manager by name.")],
        [bold(t("Duurzaam: ", "Sustainable: ")), t("elektrisch bezorgd in de binnenstad, statiegeld netjes geregeld.", "electric delivery in city centres, deposits handled properly.")],
      ),
      asset(IMAGES.vrachtwagen, t("Onze elektrische bezorgwagen", "Our electric delivery truck")),
    ),
  })),
  page("geschiedenis", "over-ons", null, "2025-06-15T08:00:00.000Z", (t) => ({
    title: t("Onze geschiedenis", "Our history"),
    seoTitle: null,
    seoDescription: null,
    intro: t("Van bakfiets naar distributiecentrum in drie generaties.", "From cargo bike to distribution centre in three generations."),
    body: doc(
      h2("1952"),
      p(t("Jan van Dam start met het bezorgen van bier en limonade aan cafés in de Jordaan.", "Jan van Dam starts delivering beer and lemonade to cafés in the Jordaan.")),
      h2("1978"),
      p(t("Dochter Marijke neemt het bedrijf over en voegt wijn en gedistilleerd toe aan het assortiment.", "His daughter Marijke takes over and adds wine and spirits to the range.")),
      h2("2012"),
      p(t("Opening van het distributiecentrum in Zaandam, met 8.000 m² opslag en een eigen koelcel.", "Opening of the distribution centre in Zaandam, with 8,000 m² of storage and its own cold room.")),
      h2("2024"),
      p(t("De volledige binnenstadsvloot rijdt elektrisch.", "The entire city-centre fleet runs on electricity.")),
    ),
  })),
  page("ons-team", "over-ons", "heroKlantWorden", "2025-10-01T08:00:00.000Z", (t) => ({
    title: t("Ons team", "Our team"),
    seoTitle: null,
    seoDescription: null,
    intro: t("De mensen die zorgen dat uw bestelling op tijd staat.", "The people who make sure your order arrives on time."),
    body: doc(
      p(t("Onze accountmanagers kennen de horeca van binnenuit: de meesten stonden zelf jarenlang achter de bar.", "Our account managers know hospitality from the inside: most of them spent years behind the bar themselves.")),
      quote(t("\u201cIk kom liever één keer te veel langs dan één keer te weinig.\u201d \u2014 Sanne de Vries, accountmanager", "\u201cI would rather visit once too often than once too rarely.\u201d \u2014 Sanne de Vries, account manager")),
      asset(IMAGES.team, t("Het team van de vestiging Utrecht", "The team of the Utrecht branch")),
    ),
  })),
  page("contact", null, null, "2025-11-03T08:00:00.000Z", (t) => ({
    title: t("Contact", "Contact"),
    seoTitle: t("Contact met Van Dam Dranken", "Contact Van Dam Dranken"),
    seoDescription: t("Bel, mail of stuur het contactformulier: onze klantenservice helpt u op werkdagen van 8 tot 18 uur.", "Call, e-mail or use the contact form: our customer service is there on weekdays from 8 am to 6 pm."),
    intro: t("Vragen over een bestelling, factuur of ons assortiment? Wij helpen u graag.", "Questions about an order, invoice or our range? We are happy to help."),
    // Address, phone, e-mail and opening hours come from the site's contact details (GET /init).
    body: doc(
      p(
        t(
          "Heeft u een vraag over een levering? Houd dan uw klantnummer en het nummer van de pakbon bij de hand, dan helpen wij u sneller.",
          "A question about a delivery? Please have your customer number and the delivery note number ready, so we can help you faster.",
        ),
      ),
    ),
  })),
  page("klant-worden", null, "heroKlantWorden", "2025-11-20T08:00:00.000Z", (t) => ({
    title: t("Klant worden?", "Become a customer?"),
    seoTitle: t("Klant worden bij Van Dam Dranken", "Become a customer of Van Dam Dranken"),
    seoDescription: t("Open binnen een werkdag een zakelijk account en bestel tegen scherpe horecaprijzen.", "Open a business account within one working day and order at sharp trade prices."),
    intro: t("Plan een gesprek in: binnen een werkdag neemt een accountmanager contact met u op.", "Schedule a conversation: an account manager will contact you within one working day."),
    body: doc(
      h2(t("Zo werkt het", "How it works")),
      ol(
        t("Vul het formulier in met uw bedrijfsgegevens.", "Fill in the form with your company details."),
        t("Een accountmanager belt u voor een kennismaking.", "An account manager calls you to get acquainted."),
        t("U ontvangt uw klantnummer en inloggegevens voor Mijn onderneming.", "You receive your customer number and sign-in details for My account."),
      ),
      p(italic(t("Wij leveren uitsluitend aan bedrijven met een KvK-inschrijving.", "We only supply businesses registered with the Chamber of Commerce."))),
    ),
  })),
  page("privacy", null, null, "2025-05-25T08:00:00.000Z", (t) => ({
    title: t("Privacyverklaring", "Privacy statement"),
    seoTitle: null,
    seoDescription: null,
    intro: t("Hoe Van Dam Dranken omgaat met uw persoonsgegevens.", "How Van Dam Dranken handles your personal data."),
    body: doc(
      h2(t("Welke gegevens wij verwerken", "What data we process")),
      p(t("Wij verwerken de gegevens die u zelf aan ons geeft: naam, bedrijfsnaam, e-mailadres, telefoonnummer en uw bestellingen.", "We process the data you give us: name, company name, e-mail address, phone number and your orders.")),
      h2(t("Waarom", "Why")),
      ul(
        t("Om uw bestellingen te leveren en te factureren", "To deliver and invoice your orders"),
        t("Om uw vragen te beantwoorden", "To answer your questions"),
        t("Voor marketing, alleen met uw toestemming", "For marketing, only with your consent"),
      ),
      h2(t("Uw rechten", "Your rights")),
      p(
        t("U kunt uw gegevens inzien, laten corrigeren of verwijderen via ", "You can view, correct or delete your data through "),
        link("mailto:privacy@vandamdranken.example", "privacy@vandamdranken.example"),
        ".",
      ),
    ),
  })),
  page("voorwaarden", null, null, "2025-01-01T08:00:00.000Z", (t) => ({
    title: t("Algemene voorwaarden", "Terms and conditions"),
    seoTitle: null,
    seoDescription: null,
    intro: t("Deze voorwaarden gelden voor het gebruik van Mijn onderneming.", "These terms apply to the use of My account."),
    body: doc(
      h2(t("1. Gebruik van Mijn onderneming", "1. Use of My account")),
      p(t("Uw inloggegevens zijn persoonlijk. U deelt ze niet met anderen; de hoofdgebruiker maakt accounts aan voor collega's.", "Your sign-in details are personal. Do not share them; the main user creates accounts for colleagues.")),
      h2(t("2. Juistheid van gegevens", "2. Accuracy of data")),
      p(t("Facturen en bonusoverzichten in het portaal zijn informatief; bij verschillen geldt de papieren of PDF-factuur.", "Invoices and bonus overviews in the portal are for information; in case of differences the paper or PDF invoice prevails.")),
      h2(t("3. Privacy", "3. Privacy")),
      p(t("Wij verwerken uw gegevens zoals beschreven in onze ", "We process your data as described in our "), link(t("/privacy", "/en/privacy"), t("privacyverklaring", "privacy statement")), "."),
    ),
  })),
  page("vragen-tht", null, null, "2025-03-10T08:00:00.000Z", (t) => ({
    title: t("Veelgestelde vragen over de THT-regeling", "Frequently asked questions about the THT scheme"),
    seoTitle: null,
    seoDescription: t("Antwoorden over de regeling voor producten waarvan de houdbaarheidsdatum (THT) verstreek tijdens de sluiting.", "Answers about the scheme for products whose best-before date (THT) passed during the closure."),
    intro: t("Tijdens de coronasluiting verliep bij veel klanten de houdbaarheid van hun voorraad. Met de THT-regeling vergoeden wij een deel daarvan.", "During the COVID closure, the best-before date of many customers' stock passed. The THT scheme reimburses part of it."),
    body: doc(
      h2(t("Wie komt in aanmerking?", "Who is eligible?")),
      p(t("Elke klant met een actief account die in 2020 of 2021 verplicht gesloten was.", "Every customer with an active account who was forced to close in 2020 or 2021.")),
      h2(t("Welke producten vallen onder de regeling?", "Which products are covered?")),
      p(t("Fusten en flessen bier, frisdrank en wijn die bij ons zijn gekocht en waarvan de THT-datum tijdens de sluiting verstreek.", "Kegs and bottles of beer, soft drinks and wine bought from us whose best-before date passed during the closure.")),
      h2(t("Hoe dien ik een aanvraag in?", "How do I apply?")),
      p(t("Log in bij Mijn onderneming en open de THT-tool. Voeg foto's en de pakbon toe.", "Sign in to My account and open the THT tool. Add photos and the packing slip.")),
      h2(t("Hoe lang duurt de beoordeling?", "How long does the review take?")),
      p(t("Binnen tien werkdagen ontvangt u bericht. De vergoeding wordt verrekend met uw volgende factuur.", "You will hear from us within ten working days. The reimbursement is deducted from your next invoice.")),
    ),
  })),
  page("perfect-fit", null, "proeverij", "2025-08-18T08:00:00.000Z", (t) => ({
    title: t("Perfect Fit: de drankenkaart die bij uw zaak past", "Perfect Fit: the drinks menu that suits your venue"),
    seoTitle: null,
    seoDescription: null,
    intro: t("In vier stappen naar een assortiment dat past bij uw gasten, uw ruimte en uw marge.", "Four steps to a range that suits your guests, your space and your margin."),
    body: doc(
      h2(t("Stap 1: uw gasten", "Step 1: your guests")),
      p(t("Wie zijn uw gasten en wanneer komen ze? Een lunchroom vraagt iets anders dan een cocktailbar.", "Who are your guests and when do they come? A lunchroom needs something different from a cocktail bar.")),
      h2(t("Stap 2: uw ruimte", "Step 2: your space")),
      p(t("Hoeveel koelruimte en tapkranen heeft u? Wij rekenen met wat er werkelijk past.", "How much cold storage and how many taps do you have? We work with what really fits.")),
      h2(t("Stap 3: uw marge", "Step 3: your margin")),
      p(t("Wij laten per product zien wat het u oplevert, inclusief bonus.", "We show what each product earns you, bonus included.")),
      h2(t("Stap 4: proeven", "Step 4: tasting")),
      p(t("Uw accountmanager komt langs met een proefpakket.", "Your account manager visits with a tasting kit.")),
      hr(),
      articleLink("drankenkaart-herzien", "horeca-tips", t("Vijf tips om uw drankenkaart te herzien", "Five tips for revising your drinks menu")),
    ),
  })),
  page("assortiment", null, "magazijn", "2025-12-01T08:00:00.000Z", (t) => ({
    title: t("Ons assortiment", "Our range"),
    seoTitle: null,
    seoDescription: t("Bier, wijn, gedistilleerd, frisdrank, water, koffie en thee voor de zakelijke markt.", "Beer, wine, spirits, soft drinks, water, coffee and tea for the business market."),
    intro: t("Meer dan 3.000 producten, van A-merk tot lokaal ambacht.", "More than 3,000 products, from leading brands to local craft."),
    body: doc(
      ul(
        t("Bier: pils, speciaalbier en alcoholvrij, op fust en fles", "Beer: lager, craft and alcohol-free, on draught and bottled"),
        t("Wijn: huiswijnen en een selectie van kleine wijnhuizen", "Wine: house wines and a selection from small wine estates"),
        t("Frisdrank en water", "Soft drinks and water"),
        t("Koffie en thee, inclusief apparatuur en onderhoud", "Coffee and tea, including machines and maintenance"),
      ),
      p(t("Het volledige assortiment met actuele prijzen vindt u in onze webshop.", "The full range with current prices is in our web shop.")),
      asset(IMAGES.inlineKoelcel, t("Koelcel in het distributiecentrum", "Cold room in the distribution centre")),
    ),
  })),
  page("vacatures", null, null, "2025-07-01T08:00:00.000Z", (t) => ({
    title: t("Vacatures", "Vacancies"),
    seoTitle: null,
    seoDescription: null,
    intro: null,
    body: null,
  })),
];
