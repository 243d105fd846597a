import * as v from "valibot";
import { IsoDateSchema, IsoDateTimeSchema } from "./common.ts";

/**
 * The people side of the API (docs/api-people.md): consent, accounts,
 * the signed-in user's own profile and user management. The stand-in answers with exactly these
 * shapes (its tests parse every response with them) and the site parses with them.
 */

/** Free text the customer may leave empty; the API sends null rather than "". */
const OptionalText = v.nullable(v.string());

/** GET/POST /users: whether the signed-in user accepted the portal's terms. */
export const ConsentStatusSchema = v.object({
  consented: v.boolean(),
  consentedAt: v.nullable(IsoDateTimeSchema),
});
export type ConsentStatus = v.InferOutput<typeof ConsentStatusSchema>;

/** The account manager or sales support person of an account. `image` is an absolute URL of the image endpoint. */
export const ContactPersonSchema = v.object({
  fullName: v.string(),
  image: v.string(),
  title: v.string(),
  personalEmailAddress: v.string(),
  mobilePhone: v.string(),
});
export type ContactPerson = v.InferOutput<typeof ContactPersonSchema>;

/** The sales contract (samenwerkingsovereenkomst) of an account. `duration` is in months. */
export const SalesContractSchema = v.object({
  id: v.string(),
  salescontractnumber: v.string(),
  startdate: IsoDateSchema,
  enddate: IsoDateSchema,
  duration: v.pipe(v.number(), v.integer()),
});
export type SalesContract = v.InferOutput<typeof SalesContractSchema>;

/** The fields of a customer account a main user with HOOFDDATA may change (PUT /accounts body). */
export const editableAccountEntries = {
  name: v.string(),
  alternativename: OptionalText,
  address1line1: v.string(),
  address1line2: OptionalText,
  address1line3: OptionalText,
  address1city: v.string(),
  address1postalcode: v.string(),
  /** The post address (address2) differs from the visiting address (address1). */
  hasDifferentPostAddress: v.boolean(),
  address2line1: OptionalText,
  address2line2: OptionalText,
  address2line3: OptionalText,
  address2city: OptionalText,
  address2postalcode: OptionalText,
  /** The post address is a PO box (postbus); its number is `postalBoxNumber`. */
  postalboxaddress: v.boolean(),
  postalBoxNumber: OptionalText,
  telephone: v.string(),
  emailaddress1: v.string(),
  emailaddress2: OptionalText,
  /** Invoices are sent by e-mail (to emailaddress1, with a copy to emailinvoicecc). */
  emailinvoice: v.boolean(),
  emailinvoicecc: OptionalText,
  /** To whose attention invoices are addressed, e.g. "Crediteurenadministratie". */
  invoiceto: OptionalText,
  vatNumber: v.string(),
  ibanNumber: v.string(),
  chamberOfCommerceNumber: v.string(),
};

/** A customer account as GET /accounts lists it. */
export const AccountSchema = v.object({
  id: v.string(),
  accountnumber: v.string(),
  ...editableAccountEntries,
});
export type Account = v.InferOutput<typeof AccountSchema>;

/**
 * GET /accounts/details: the account with its people and contract. `salescontract` is left out
 * unless the caller holds SAMENWERKINGSOVEREENKOMST; null means the account has no contract.
 */
export const AccountDetailsSchema = v.object({
  ...AccountSchema.entries,
  accountmanager: v.nullable(ContactPersonSchema),
  salesSupport: v.nullable(ContactPersonSchema),
  salescontract: v.optional(v.nullable(SalesContractSchema)),
});
export type AccountDetails = v.InferOutput<typeof AccountDetailsSchema>;

/** GET /contacts/: the signed-in user's own profile. `organisation` lists their account numbers. */
export const UserProfileSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  phonenumber: v.string(),
  organisation: v.array(v.string()),
  updatedAt: IsoDateTimeSchema,
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;
