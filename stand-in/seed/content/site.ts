/**
 * The site configuration and menus (`GET /init`) per language: a fictional beverage wholesaler,
 * Van Dam Dranken. Menu items cover every content type, column sub-menus with headings, an external
 * link, items for anonymous and signed-in visitors, and the account menu with its permissions.
 */
import type { InitResponse, NavigationItem } from "../../../src/core/api/schemas/content.ts";
import { IMAGES, iconUrl, imageRef, type IconName } from "./images.ts";

export type Lang = "nl" | "en";

/** The external product-range site ('Check our range'). */
const PRODUCT_RANGE_URL = "https://assortiment.vandamdranken.example/";

type ItemInput = Partial<Omit<NavigationItem, "id" | "title" | "contentType">> &
  Pick<NavigationItem, "id" | "title" | "contentType">;

const item = (input: ItemInput): NavigationItem => ({
  slug: null,
  parentSlug: null,
  path: null,
  externalUrl: null,
  menuHeading: false,
  icon: null,
  visibleTo: [],
  userPermissions: [],
  subMenu: [],
  ...input,
});

const heading = (id: string, title: string): NavigationItem =>
  item({ id, title, contentType: "link", menuHeading: true });

const icon = (name: IconName, title: string): { url: string; title: string } => ({ url: iconUrl(name), title });

/** The `/init` body for one language, with backend-relative image URLs. */
export function siteSeed(lang: Lang): InitResponse {
  const t = (nl: string, en: string): string => (lang === "nl" ? nl : en);
  return {
    configuration: {
      title: "Van Dam Dranken",
      seoDescription: t(
        "Van Dam Dranken is de drankengroothandel voor horeca, bedrijven en evenementen in Nederland: meer dan 3.000 producten, bezorgd binnen 24 uur.",
        "Van Dam Dranken is the beverage wholesaler for hospitality, offices and events in the Netherlands: more than 3,000 products, delivered within 24 hours.",
      ),
      seoKeywords: t(
        "drankengroothandel, horeca, bier, wijn, frisdrank, koffie, bezorging",
        "beverage wholesaler, hospitality, beer, wine, soft drinks, coffee, delivery",
      ),
      homepageSlug: "home",
      categoryParentSlug: "nieuws",
      wellKnownSlugs: {
        contact: "contact",
        becomeCustomer: "klant-worden",
        privacy: "privacy",
        terms: "voorwaarden",
        thtFaq: "vragen-tht",
        perfectFit: "perfect-fit",
      },
      productRangeUrl: PRODUCT_RANGE_URL,
    },
    mainMenu: [
      item({
        id: "main-assortiment",
        title: t("Assortiment", "Product range"),
        contentType: "page",
        slug: "assortiment",
        subMenu: [
          [
            heading("main-assortiment-dranken", t("Dranken", "Drinks")),
            item({ id: "main-assortiment-overzicht", title: t("Ons assortiment", "Our range"), contentType: "page", slug: "assortiment" }),
            item({ id: "main-assortiment-webshop", title: t("Bekijk het assortiment", "Check our range"), contentType: "link", externalUrl: PRODUCT_RANGE_URL }),
          ],
          [
            heading("main-assortiment-advies", t("Advies", "Advice")),
            item({ id: "main-assortiment-perfect-fit", title: t("Perfect Fit", "Perfect Fit"), contentType: "page", slug: "perfect-fit" }),
            item({ id: "main-assortiment-tht", title: t("Vragen over de THT-regeling", "Questions about the THT scheme"), contentType: "page", slug: "vragen-tht" }),
          ],
        ],
      }),
      item({
        id: "main-nieuws",
        title: t("Nieuws", "News"),
        contentType: "link",
        path: "/nieuws",
        subMenu: [
          [
            heading("main-nieuws-categorieen", t("Categorieën", "Categories")),
            item({ id: "main-nieuws-producten", title: t("Nieuwe producten", "New products"), contentType: "category", slug: "producten", parentSlug: "nieuws" }),
            item({ id: "main-nieuws-horeca-tips", title: t("Horecatips", "Hospitality tips"), contentType: "category", slug: "horeca-tips", parentSlug: "nieuws" }),
            item({ id: "main-nieuws-duurzaamheid", title: t("Duurzaamheid", "Sustainability"), contentType: "category", slug: "duurzaamheid", parentSlug: "nieuws" }),
          ],
          [
            heading("main-nieuws-uitgelicht", t("Uitgelicht", "Featured")),
            item({ id: "main-nieuws-bedrijfsnieuws", title: t("Bedrijfsnieuws", "Company news"), contentType: "category", slug: "nieuws-algemeen", parentSlug: "nieuws" }),
            item({ id: "main-nieuws-evenementen", title: t("Evenementen", "Events"), contentType: "category", slug: "evenementen", parentSlug: "nieuws" }),
            item({ id: "main-nieuws-statiegeld", title: t("Statiegeld op blik: wat verandert er?", "Deposit on cans: what changes?"), contentType: "article", slug: "statiegeld-op-blik", parentSlug: "duurzaamheid" }),
          ],
        ],
      }),
      item({
        id: "main-over-ons",
        title: t("Over ons", "About us"),
        contentType: "page",
        slug: "over-ons",
        subMenu: [
          [
            item({ id: "main-over-ons-geschiedenis", title: t("Onze geschiedenis", "Our history"), contentType: "subPage", slug: "geschiedenis", parentSlug: "over-ons" }),
            item({ id: "main-over-ons-team", title: t("Ons team", "Our team"), contentType: "subPage", slug: "ons-team", parentSlug: "over-ons" }),
            item({ id: "main-over-ons-vacatures", title: t("Vacatures", "Vacancies"), contentType: "page", slug: "vacatures" }),
          ],
        ],
      }),
      item({ id: "main-klant-worden", title: t("Klant worden", "Become a customer"), contentType: "page", slug: "klant-worden", visibleTo: ["AnonymousUser"] }),
      item({ id: "main-mijn-onderneming", title: t("Mijn onderneming", "My account"), contentType: "link", path: "/mijn-account/dashboard", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "main-contact", title: t("Contact", "Contact"), contentType: "page", slug: "contact" }),
    ],
    footerMenu: [
      item({ id: "footer-over-ons", title: t("Over ons", "About us"), contentType: "page", slug: "over-ons" }),
      item({ id: "footer-contact", title: t("Contact", "Contact"), contentType: "page", slug: "contact" }),
      item({ id: "footer-klant-worden", title: t("Klant worden", "Become a customer"), contentType: "page", slug: "klant-worden" }),
      item({ id: "footer-vragen-tht", title: t("Vragen over de THT-regeling", "Questions about the THT scheme"), contentType: "page", slug: "vragen-tht" }),
      item({ id: "footer-privacy", title: t("Privacyverklaring", "Privacy statement"), contentType: "page", slug: "privacy" }),
      item({ id: "footer-voorwaarden", title: t("Algemene voorwaarden", "Terms and conditions"), contentType: "page", slug: "voorwaarden" }),
    ],
    socialMenu: [
      item({ id: "social-facebook", title: "Facebook", contentType: "link", externalUrl: "https://www.facebook.com/vandamdranken.example", icon: icon("facebook", "Facebook") }),
      item({ id: "social-instagram", title: "Instagram", contentType: "link", externalUrl: "https://www.instagram.com/vandamdranken.example", icon: icon("instagram", "Instagram") }),
      item({ id: "social-linkedin", title: "LinkedIn", contentType: "link", externalUrl: "https://www.linkedin.com/company/vandamdranken-example", icon: icon("linkedin", "LinkedIn") }),
      item({ id: "social-youtube", title: "YouTube", contentType: "link", externalUrl: "https://www.youtube.com/@vandamdranken-example", icon: icon("youtube", "YouTube") }),
    ],
    topMenu: [
      item({ id: "top-klantenservice", title: t("Klantenservice", "Customer service"), contentType: "page", slug: "contact" }),
      item({ id: "top-vacatures", title: t("Werken bij", "Careers"), contentType: "page", slug: "vacatures" }),
      item({ id: "top-assortiment", title: t("Bekijk ons assortiment", "Check our range"), contentType: "link", externalUrl: PRODUCT_RANGE_URL }),
    ],
    // The portal's screens in the order of the screen registry, under the portal's own names, and one link of the content team's own.
    accountMenu: [
      item({ id: "account-dashboard", title: t("Dashboard", "Dashboard"), contentType: "link", path: "/mijn-account/dashboard", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-facturen", title: t("Facturen", "Invoices"), contentType: "link", path: "/mijn-account/facturen", visibleTo: ["AuthenticatedUser"], userPermissions: ["FACTUREN"] }),
      item({ id: "account-documenten", title: t("Documenten", "Documents"), contentType: "link", path: "/mijn-account/documenten", visibleTo: ["AuthenticatedUser"], userPermissions: ["DOCUMENTEN"] }),
      item({ id: "account-leveringen", title: t("Leveringen", "Deliveries"), contentType: "link", path: "/mijn-account/leveringen", visibleTo: ["AuthenticatedUser"], userPermissions: ["FACTUREN", "DOCUMENTEN"] }),
      item({ id: "account-emballage", title: t("Emballage", "Empties"), contentType: "link", path: "/mijn-account/emballage", visibleTo: ["AuthenticatedUser"], userPermissions: ["FACTUREN"] }),
      item({ id: "account-service", title: t("Service en storingen", "Service and faults"), contentType: "link", path: "/mijn-account/service", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-bonus", title: t("Bonusoverzicht", "Bonus overview"), contentType: "link", path: "/mijn-account/bonus-overzicht", visibleTo: ["AuthenticatedUser"], userPermissions: ["BONUS"] }),
      item({ id: "account-swo", title: t("Samenwerkingsovereenkomst", "Sales contract"), contentType: "link", path: "/mijn-account/swo", visibleTo: ["AuthenticatedUser"], userPermissions: ["SAMENWERKINGSOVEREENKOMST"] }),
      item({ id: "account-gebruikers", title: t("Gebruikers en facturatie", "Users and billing"), contentType: "link", path: "/mijn-account/gebruikers", visibleTo: ["AuthenticatedUser"], userPermissions: ["GEBRUIKERSBEHEER"] }),
      item({ id: "account-activiteit", title: t("Activiteit", "Activity"), contentType: "link", path: "/mijn-account/activiteit", visibleTo: ["AuthenticatedUser"], userPermissions: ["GEBRUIKERSBEHEER"] }),
      item({ id: "account-account", title: t("Accountgegevens", "Account details"), contentType: "link", path: "/mijn-account/account", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-profiel", title: t("Mijn profiel", "My profile"), contentType: "link", path: "/mijn-account/profiel", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-meldingen", title: t("Meldingen", "Notifications"), contentType: "link", path: "/mijn-account/meldingen", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-tht", title: t("THT-regeling", "THT scheme"), contentType: "link", path: "/tht", visibleTo: ["AuthenticatedUser"] }),
      item({ id: "account-assortiment", title: t("Bekijk het assortiment", "Check our range"), contentType: "link", externalUrl: PRODUCT_RANGE_URL, visibleTo: ["AuthenticatedUser"] }),
    ],
    usbBarReferences: [
      { id: "usp-levering", title: t("Vandaag besteld, morgen geleverd", "Ordered today, delivered tomorrow"), icon: icon("truck", t("Bezorging", "Delivery")) },
      { id: "usp-assortiment", title: t("Meer dan 3.000 producten", "More than 3,000 products"), icon: icon("bottles", t("Assortiment", "Product range")) },
      { id: "usp-accountmanager", title: t("Een vaste accountmanager", "A dedicated account manager"), icon: icon("person", t("Accountmanager", "Account manager")) },
      { id: "usp-duurzaam", title: t("Elektrisch bezorgd in de binnenstad", "Electric delivery in city centres"), icon: icon("leaf", t("Duurzaam", "Sustainable")) },
    ],
    seoImage: imageRef(IMAGES.seo, lang),
    contactDetails: {
      title: t("Klantenservice", "Customer service"),
      organisation: "Van Dam Dranken B.V.",
      street: "Houtveldweg 12",
      postalCode: "1505 AA",
      city: "Zaandam",
      phone: "020 123 45 67",
      phoneE164: "+31201234567",
      email: "klantenservice@vandamdranken.example",
      openingHours: [
        { days: t("Maandag t/m vrijdag", "Monday to Friday"), opens: "08:00", closes: "18:00" },
        { days: t("Zaterdag", "Saturday"), opens: "09:00", closes: "13:00" },
        { days: t("Zondag en feestdagen", "Sundays and public holidays"), opens: null, closes: null },
      ],
    },
  };
}
