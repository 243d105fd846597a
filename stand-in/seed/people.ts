/**
 * The deterministic people seed: three customer accounts (fictional companies at real-looking
 * addresses, IBANs and VAT numbers with valid checksums) and the demo users of the README plus a
 * few colleagues on 100001 so user management has a list. Every user's password is DEMO_PASSWORD.
 */
import { PERMISSIONS, type Permission } from "../../src/core/api/schemas/common.ts";
import { ASSIGNABLE_PERMISSIONS } from "../../src/core/api/schemas/people-requests.ts";
import type { Account, ContactPerson } from "../../src/core/api/schemas/people.ts";
import { nl as accountNl } from "../../src/core/i18n/account.ts";
import { en as accountEn } from "../../src/core/i18n/en/account.ts";

/** An account as seeded; people images are paths under the image endpoint (`/images/<path>`). */
type SeedAccount = Account & {
  accountmanager: ContactPersonSeed;
  salesSupport: ContactPersonSeed;
};
/** `title` is the Dutch job title, `titleEn` its English: the API answers the one its `locale` asks for. */
export type ContactPersonSeed = Omit<ContactPerson, "image"> & { imagePath: string; titleEn: string };

const anouk: ContactPersonSeed = {
  fullName: "Anouk Vermeulen",
  imagePath: "people/anouk.jpg",
  title: "Accountmanager horeca",
  titleEn: "Account manager, hospitality",
  personalEmailAddress: "anouk.vermeulen@vandamdranken.example",
  mobilePhone: "+31 6 21436587",
};
const ilse: ContactPersonSeed = {
  fullName: "Ilse Mulder",
  imagePath: "people/ilse.jpg",
  title: "Accountmanager recreatie",
  titleEn: "Account manager, leisure",
  personalEmailAddress: "ilse.mulder@vandamdranken.example",
  mobilePhone: "+31 6 58741236",
};
const bram: ContactPersonSeed = {
  fullName: "Bram de Jong",
  imagePath: "people/bram.jpg",
  title: "Sales support",
  titleEn: "Sales support",
  personalEmailAddress: "bram.dejong@vandamdranken.example",
  mobilePhone: "+31 6 30405060",
};

export const SEED_ACCOUNTS: SeedAccount[] = [
  {
    id: "acc-7d3f2a10",
    accountnumber: "100001",
    name: "Café De Gouden Leeuw B.V.",
    alternativename: "De Gouden Leeuw",
    address1line1: "Oudegracht 212",
    address1line2: null,
    address1line3: null,
    address1city: "Utrecht",
    address1postalcode: "3511 NR",
    hasDifferentPostAddress: true,
    address2line1: null,
    address2line2: null,
    address2line3: null,
    address2city: "Utrecht",
    address2postalcode: "3500 AA",
    postalboxaddress: true,
    postalBoxNumber: "1234",
    telephone: "+31302345678",
    emailaddress1: "info@degoudenleeuw.example",
    emailaddress2: "inkoop@degoudenleeuw.example",
    emailinvoice: true,
    emailinvoicecc: "boekhouding@degoudenleeuw.example",
    invoiceto: "Crediteurenadministratie",
    vatNumber: "NL812345678B01",
    ibanNumber: "NL69 INGB 0006 5412 34",
    chamberOfCommerceNumber: "30123456",
    accountmanager: anouk,
    salesSupport: bram,
  },
  {
    id: "acc-1b8e4c57",
    accountnumber: "100002",
    name: "Restaurant Het Zilveren Anker B.V.",
    alternativename: "Het Zilveren Anker",
    address1line1: "Spaarne 47",
    address1line2: null,
    address1line3: null,
    address1city: "Haarlem",
    address1postalcode: "2011 CG",
    hasDifferentPostAddress: false,
    address2line1: null,
    address2line2: null,
    address2line3: null,
    address2city: null,
    address2postalcode: null,
    postalboxaddress: false,
    postalBoxNumber: null,
    telephone: "+31235123456",
    emailaddress1: "reserveren@zilverenanker.example",
    emailaddress2: null,
    emailinvoice: false,
    emailinvoicecc: null,
    invoiceto: null,
    vatNumber: "NL859012347B01",
    ibanNumber: "NL87 RABO 0312 4578 96",
    chamberOfCommerceNumber: "34098765",
    accountmanager: anouk,
    salesSupport: bram,
  },
  {
    id: "acc-c4a96f03",
    accountnumber: "100003",
    name: "Strandpaviljoen Zeezicht V.O.F.",
    alternativename: null,
    address1line1: "Boulevard Barnaart 18",
    address1line2: "Strandopgang 7",
    address1line3: null,
    address1city: "Zandvoort",
    address1postalcode: "2041 JA",
    hasDifferentPostAddress: true,
    address2line1: "Kerkstraat 3",
    address2line2: null,
    address2line3: null,
    address2city: "Zandvoort",
    address2postalcode: "2042 JD",
    postalboxaddress: false,
    postalBoxNumber: null,
    telephone: "+31235719876",
    emailaddress1: "hallo@zeezicht.example",
    emailaddress2: null,
    emailinvoice: true,
    emailinvoicecc: null,
    invoiceto: null,
    vatNumber: "NL823765404B01",
    ibanNumber: "NL62 ABNA 0518 2736 45",
    chamberOfCommerceNumber: "56781234",
    accountmanager: ilse,
    salesSupport: bram,
  },
];

/**
 * What a main user holds: every permission of the contract a main user may assign (all but
 * ADMINISTRATOR), read from the contract, so a new permission reaches the demo main users (and the
 * screens it opens show in their menus) without an edit here.
 */
const ALL: Permission[] = [...ASSIGNABLE_PERMISSIONS];

type SeedUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  consented: boolean;
  accounts: { accountNumber: string; permissions: Permission[]; isMainUser: boolean }[];
  /** Roles at the identity provider (the `roles` claim), for the supplier's own staff. */
  roles?: string[];
};

export const SEED_USERS: SeedUser[] = [
  {
    id: "usr-0001",
    email: "hoofdgebruiker@example.com",
    firstName: "Marleen",
    lastName: "de Vries",
    phone: "+31612345678",
    consented: true,
    accounts: [
      { accountNumber: "100001", permissions: ALL, isMainUser: true },
      { accountNumber: "100002", permissions: ALL, isMainUser: true },
    ],
  },
  {
    id: "usr-0002",
    email: "facturen@example.com",
    firstName: "Jeroen",
    lastName: "Bakker",
    phone: "+31623456789",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["FACTUREN"], isMainUser: false }],
  },
  {
    id: "usr-0003",
    email: "admin@example.com",
    firstName: "Sanne",
    lastName: "Jansen",
    phone: "+31634567890",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["ADMINISTRATOR"], isMainUser: false }],
  },
  {
    id: "usr-0004",
    email: "nieuw@example.com",
    firstName: "Daan",
    lastName: "Visser",
    phone: "+31645678901",
    consented: false,
    accounts: [{ accountNumber: "100003", permissions: ALL, isMainUser: true }],
  },
  {
    id: "usr-0005",
    email: "fatima.elamrani@example.com",
    firstName: "Fatima",
    lastName: "El Amrani",
    phone: "+31656789012",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["BONUS", "DOCUMENTEN"], isMainUser: false }],
  },
  {
    id: "usr-0006",
    email: "thijs.vandenberg@example.com",
    firstName: "Thijs",
    lastName: "van den Berg",
    phone: "+31667890123",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["HOOFDDATA", "SAMENWERKINGSOVEREENKOMST"], isMainUser: false }],
  },
  {
    id: "usr-0007",
    email: "lotte.smit@example.com",
    firstName: "Lotte",
    lastName: "Smit",
    phone: "+31678901234",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["FACTUREN", "DOCUMENTEN", "GEBRUIKERSBEHEER"], isMainUser: false }],
  },
  {
    // Sets a new password in the password reset journey (tests/e2e/login-password-reset.spec.ts): no other test signs in as her.
    id: "usr-0008",
    email: "sanne.bakker@example.com",
    firstName: "Sanne",
    lastName: "Bakker",
    phone: "+31689012345",
    consented: true,
    accounts: [{ accountNumber: "100003", permissions: ["FACTUREN"], isMainUser: false }],
  },
  {
    // Left the company: deactivated on 100001 (SEED_DEACTIVATED), so cannot sign in.
    id: "usr-0009",
    email: "gedeactiveerd@example.com",
    firstName: "Kees",
    lastName: "Mulder",
    phone: "+31601234567",
    consented: true,
    accounts: [{ accountNumber: "100001", permissions: ["FACTUREN", "DOCUMENTEN"], isMainUser: false }],
  },
  {
    // The supplier's content team: no customer account, the `editor` role that opens the publish
    // receipt on the publishing server (/publicaties) by signing in at the identity provider.
    id: "usr-0010",
    email: "redacteur@example.com",
    firstName: "Eva",
    lastName: "de Boer",
    phone: "+31611223344",
    consented: true,
    accounts: [],
    roles: ["editor"],
  },
];

/** Colleagues invited and not yet accepted: no sign-in until they follow the mailed link. */
export const SEED_INVITATIONS: { accountNumber: string; email: string; firstName: string; lastName: string; phone: string; permissions: Permission[] }[] = [
  { accountNumber: "100001", email: "uitgenodigd@example.com", firstName: "Noor", lastName: "Hendriks", phone: "+31690123456", permissions: ["FACTUREN", "DOCUMENTEN"] },
];

/** Colleagues who left, deactivated on an account: they cannot sign in, their history stays. */
export const SEED_DEACTIVATED: { userId: string; accountNumber: string }[] = [{ userId: "usr-0009", accountNumber: "100001" }];

/** When the seeded users last changed and consented: fixed, so every fresh database is the same. */
export const SEED_UPDATED_AT = Date.UTC(2025, 0, 15, 9, 0, 0) / 1000;
export const SEED_CONSENTED_AT = "2025-01-15T09:00:00.000Z";

/** What the catalogue says of each permission of the contract, in both languages (a missing one is a type error). */
type PermissionText = { name: { nl: string; en: string }; description: { nl: string; en: string } };

/**
 * The supplier's own catalogue texts for the contract's first seven permissions. A permission added to the contract
 * later (an addition of ours) has none: the catalogue then serves the portal's words for it
 * (`portal.permission.<code>` in src/core/i18n/account.ts), which the type check demands anyway.
 */
const PERMISSION_TEXTS: Partial<Record<Permission, PermissionText>> = {
  ADMINISTRATOR: {
    name: { nl: "Beheerder", en: "Administrator" },
    description: { nl: "Alle rechten op alle onderdelen (toegekend door Van Dam Dranken).", en: "Every permission on every part (granted by Van Dam Dranken)." },
  },
  HOOFDDATA: {
    name: { nl: "Hoofddata", en: "Master data" },
    description: { nl: "Klantgegevens en productgegevens wijzigen.", en: "Edit customer information and product details." },
  },
  GEBRUIKERSBEHEER: {
    name: { nl: "Gebruikersbeheer", en: "User management" },
    description: { nl: "Gebruikers aanmaken, verwijderen en hun rechten wijzigen.", en: "Create and delete users and change their access rights." },
  },
  DOCUMENTEN: {
    name: { nl: "Documenten", en: "Documents" },
    description: { nl: "Documenten bekijken, bewerken en delen.", en: "View, edit and share documents." },
  },
  SAMENWERKINGSOVEREENKOMST: {
    name: { nl: "Samenwerkingsovereenkomst", en: "Sales contract" },
    description: { nl: "De samenwerkingsovereenkomst opstellen, wijzigen en goedkeuren.", en: "Draft, change and approve the sales contract." },
  },
  FACTUREN: {
    name: { nl: "Facturen", en: "Invoices" },
    description: { nl: "Facturen genereren, versturen en beheren.", en: "Generate, send and manage invoices." },
  },
  BONUS: {
    name: { nl: "Bonus", en: "Bonus" },
    description: { nl: "Bonusafrekening berekenen, goedkeuren en uitbetalen.", en: "Calculate, approve and pay out the bonus settlement." },
  },
};

/**
 * GET /userpermissions: the permission catalogue (code, name, description), in both languages, for
 * every permission of the contract in its order; `assignable` as the contract says.
 */
export const PERMISSION_CATALOGUE: {
  code: Permission;
  assignable: boolean;
  name: { nl: string; en: string };
  description: { nl: string; en: string };
}[] = PERMISSIONS.map((code) => ({
  code,
  assignable: (ASSIGNABLE_PERMISSIONS as readonly Permission[]).includes(code),
  ...(PERMISSION_TEXTS[code] ?? portalWords(code)),
}));

function portalWords(code: Permission): PermissionText {
  return {
    name: { nl: accountNl[`portal.permission.${code}`], en: accountEn[`portal.permission.${code}`] },
    description: {
      nl: accountNl[`portal.permission.${code}.description`],
      en: accountEn[`portal.permission.${code}.description`],
    },
  };
}
