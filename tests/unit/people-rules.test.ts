import { describe, expect, it } from "vitest";
import { AccountUpdateSchema, CreateContactSchema, ProfileUpdateSchema, UpdateContactSchema, type AccountUpdate } from "../../src/core/api/schemas/people-requests.ts";
import { validateFields } from "../../src/core/validation/field-error.ts";

/** The people forms' rules live in the request schemas; these read them as the forms and the stand-in do. */
const validateContact = (input: object) => validateFields("email" in input ? CreateContactSchema : UpdateContactSchema, input);
const validateProfile = (input: object) => validateFields(ProfileUpdateSchema, input);
const validateAccountUpdate = (input: AccountUpdate) => validateFields(AccountUpdateSchema, input);

describe("the user form", () => {
  const valid = { firstName: "Eva", lastName: "de Boer", email: "eva@example.com", phonenumber: "06 1234 5678", permissions: ["FACTUREN"] as const };
  it("passes a complete form", () => expect(validateContact(valid)).toEqual([]));
  it("names every wrong field with its code", () => {
    expect(validateContact({ firstName: " ", lastName: "x".repeat(101), email: "eva@", phonenumber: "020 123 4567", permissions: [] })).toEqual([
      { field: "firstName", code: "required" },
      { field: "lastName", code: "too_long" },
      { field: "email", code: "email" },
      { field: "phonenumber", code: "mobile" },
      { field: "permissions", code: "permissions_required" },
    ]);
  });
  it("refuses ADMINISTRATOR, which a main user cannot grant", () =>
    expect(validateContact({ ...valid, permissions: ["ADMINISTRATOR"] })).toEqual([{ field: "permissions", code: "permission_not_assignable" }]));
  it("checks no e-mail when editing", () => {
    expect(validateContact({ firstName: "Eva", lastName: "de Boer", phonenumber: "0612345678", permissions: ["BONUS"] })).toEqual([]);
  });
  it("takes a landline on the own profile but not an empty phone", () => {
    expect(validateProfile({ firstName: "Eva", lastName: "de Boer", phonenumber: "020 123 4567" })).toEqual([]);
    expect(validateProfile({ firstName: "Eva", lastName: "de Boer", phonenumber: "" })).toEqual([{ field: "phonenumber", code: "required" }]);
  });
});

describe("the account form", () => {
  const valid: AccountUpdate = {
    name: "Café De Gouden Leeuw B.V.",
    alternativename: null,
    address1line1: "Oudegracht 212",
    address1line2: null,
    address1line3: null,
    address1city: "Utrecht",
    address1postalcode: "3511 NR",
    hasDifferentPostAddress: false,
    address2line1: null,
    address2line2: null,
    address2line3: null,
    address2city: null,
    address2postalcode: null,
    postalboxaddress: false,
    postalBoxNumber: null,
    telephone: "030 234 5678",
    emailaddress1: "info@example.com",
    emailaddress2: "",
    emailinvoice: false,
    emailinvoicecc: null,
    invoiceto: null,
    vatNumber: "NL812345678B01",
    ibanNumber: "NL91 ABNA 0417 1643 00",
    chamberOfCommerceNumber: "30123456",
  };
  it("passes a complete form", () => expect(validateAccountUpdate(valid)).toEqual([]));
  it("checks each registration number and contact field", () => {
    const errors = validateAccountUpdate({
      ...valid,
      address1postalcode: "35111",
      telephone: "12",
      emailaddress1: "info",
      emailaddress2: "second@",
      vatNumber: "NL812345679B01",
      ibanNumber: "NL92ABNA0417164300",
      chamberOfCommerceNumber: "123",
    });
    expect(errors).toEqual([
      { field: "address1postalcode", code: "postal_code" },
      { field: "telephone", code: "phone" },
      { field: "emailaddress1", code: "email" },
      { field: "emailaddress2", code: "email" },
      { field: "vatNumber", code: "vat_number" },
      { field: "ibanNumber", code: "iban" },
      { field: "chamberOfCommerceNumber", code: "kvk_number" },
    ]);
  });
  it("requires the post address only when it differs, and a PO box number for a PO box", () => {
    expect(validateAccountUpdate({ ...valid, hasDifferentPostAddress: true })).toEqual([
      { field: "address2line1", code: "required" },
      { field: "address2city", code: "required" },
      { field: "address2postalcode", code: "required" },
    ]);
    expect(
      validateAccountUpdate({ ...valid, hasDifferentPostAddress: true, postalboxaddress: true, address2city: "Utrecht", address2postalcode: "3500 AA" }),
    ).toEqual([{ field: "postalBoxNumber", code: "required" }]);
  });
  it("reports a missing post address together with the other refused fields, as the form shows them all", () => {
    expect(validateAccountUpdate({ ...valid, name: "", hasDifferentPostAddress: true, address2city: "Utrecht", address2postalcode: "3500" })).toEqual([
      { field: "name", code: "required" },
      { field: "address2line1", code: "required" },
      { field: "address2postalcode", code: "postal_code" },
    ]);
  });
});
