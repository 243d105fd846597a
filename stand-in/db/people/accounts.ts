/** The customer accounts table: an account's details, its account manager and sales support. */
import type { DatabaseSync } from "node:sqlite";
import type { Account } from "../../../src/core/api/schemas/people.ts";
import type { AccountUpdate } from "../../../src/core/api/schemas/people-requests.ts";
import type { ContactPersonSeed } from "../../seed/people.ts";

/** The account columns, named as the API names the fields. */
export const TEXT_FIELDS = [
  "id", "name", "alternativename", "address1line1", "address1line2", "address1line3", "address1city",
  "address1postalcode", "address2line1", "address2line2", "address2line3", "address2city", "address2postalcode",
  "postalBoxNumber", "telephone", "emailaddress1", "emailaddress2", "emailinvoicecc", "invoiceto", "vatNumber",
  "ibanNumber", "chamberOfCommerceNumber",
] as const;
export const BOOLEAN_FIELDS = ["hasDifferentPostAddress", "postalboxaddress", "emailinvoice"] as const;

/** An account as stored: people images are paths the route turns into image-endpoint URLs. */
export type StoredAccount = Account & {
  accountmanager: ContactPersonSeed | null;
  salesSupport: ContactPersonSeed | null;
};

type AccountRow = Record<string, string | number | null>;

function toAccount(row: AccountRow): StoredAccount {
  const text = (field: string): string | null => (row[field] === null ? null : String(row[field]));
  const json = <T>(field: string): T | null => (row[field] === null ? null : (JSON.parse(String(row[field])) as T | null));
  return {
    id: String(row["id"]),
    accountnumber: String(row["account_number"]),
    name: String(row["name"]),
    alternativename: text("alternativename"),
    address1line1: String(row["address1line1"]),
    address1line2: text("address1line2"),
    address1line3: text("address1line3"),
    address1city: String(row["address1city"]),
    address1postalcode: String(row["address1postalcode"]),
    hasDifferentPostAddress: row["hasDifferentPostAddress"] === 1,
    address2line1: text("address2line1"),
    address2line2: text("address2line2"),
    address2line3: text("address2line3"),
    address2city: text("address2city"),
    address2postalcode: text("address2postalcode"),
    postalboxaddress: row["postalboxaddress"] === 1,
    postalBoxNumber: text("postalBoxNumber"),
    telephone: String(row["telephone"]),
    emailaddress1: String(row["emailaddress1"]),
    emailaddress2: text("emailaddress2"),
    emailinvoice: row["emailinvoice"] === 1,
    emailinvoicecc: text("emailinvoicecc"),
    invoiceto: text("invoiceto"),
    vatNumber: String(row["vatNumber"]),
    ibanNumber: String(row["ibanNumber"]),
    chamberOfCommerceNumber: String(row["chamberOfCommerceNumber"]),
    accountmanager: json<ContactPersonSeed>("accountmanager"),
    salesSupport: json<ContactPersonSeed>("sales_support"),
  };
}

export function findAccount(db: DatabaseSync, accountNumber: string): StoredAccount | undefined {
  const row = db.prepare("SELECT * FROM accounts WHERE account_number = ?").get(accountNumber) as AccountRow | undefined;
  return row && toAccount(row);
}

/** Writes every editable field of an account (already validated and normalized by the route). */
export function updateAccount(db: DatabaseSync, accountNumber: string, update: AccountUpdate): void {
  const textFields = TEXT_FIELDS.filter((field) => field !== "id");
  const assignments = [...textFields, ...BOOLEAN_FIELDS].map((field) => `"${field}" = ?`).join(", ");
  db.prepare(`UPDATE accounts SET ${assignments} WHERE account_number = ?`).run(
    ...textFields.map((field) => update[field]),
    ...BOOLEAN_FIELDS.map((field) => (update[field] ? 1 : 0)),
    accountNumber,
  );
}
