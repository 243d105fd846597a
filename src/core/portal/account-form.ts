import { type AccountDetails } from "../api/schemas/people.ts";
import { AccountUpdateSchema, type AccountUpdate } from "../api/schemas/people-requests.ts";
import type { MessageKey } from "../i18n/index.ts";
import { validateFields, type FieldError, type ValidationCode } from "../validation/field-error.ts";
import { formatDutchPhone } from "../validation/phone.ts";

type TextField = { [K in keyof AccountUpdate]: AccountUpdate[K] extends boolean ? never : K }[keyof AccountUpdate];
type FlagField = { [K in keyof AccountUpdate]: AccountUpdate[K] extends boolean ? K : never }[keyof AccountUpdate];

/** What the account form edits: every text as a string ("" for empty), the three flags as booleans. */
export type AccountFormValues = { [K in TextField]: string } & { [K in FlagField]: boolean };

const entries = Object.entries(AccountUpdateSchema.entries);

/** The three flags, in the schema's order. */
export const ACCOUNT_FLAGS = entries.filter(([, schema]) => schema.type === "boolean").map(([name]) => name) as FlagField[];

/** Every text field, in the schema's order. */
const TEXT_FIELDS = entries.filter(([, schema]) => schema.type !== "boolean").map(([name]) => name) as TextField[];

/** Texts the API stores as null when left empty (nullable in the schema); the others are required. */
const OPTIONAL_TEXT: ReadonlySet<TextField> = new Set(
  entries.filter(([, schema]) => schema.type === "nullable").map(([name]) => name as TextField),
);

/**
 * The form's starting values from the account as the API sent it; the telephone number (stored in
 * its one normal form, +31…) as a Dutch reader writes it, the same in the view and the form.
 */
export function accountFormValues(account: AccountDetails): AccountFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, account[field] ?? ""])) as { [K in TextField]: string };
  return {
    ...texts,
    telephone: formatDutchPhone(texts.telephone),
    hasDifferentPostAddress: account.hasDifferentPostAddress,
    postalboxaddress: account.postalboxaddress,
    emailinvoice: account.emailinvoice,
  };
}

/**
 * The PUT body: texts trimmed, empty optional texts as null. Fields the form hides are sent as null
 * so the stored account matches what the user saw: no post address unless it differs, no street
 * line for a PO box, no copy address unless invoices go by e-mail.
 */
export function accountUpdateFrom(values: AccountFormValues): AccountUpdate {
  const text = (field: TextField): string | null => {
    const trimmed = values[field].trim();
    return trimmed === "" && OPTIONAL_TEXT.has(field) ? null : trimmed;
  };
  const hidden = new Set<TextField>();
  if (!values.hasDifferentPostAddress) {
    for (const field of ["address2line1", "address2line2", "address2line3", "address2city", "address2postalcode", "postalBoxNumber"] as const) {
      hidden.add(field);
    }
  } else if (values.postalboxaddress) {
    for (const field of ["address2line1", "address2line2", "address2line3"] as const) hidden.add(field);
  } else hidden.add("postalBoxNumber");
  if (!values.emailinvoice) hidden.add("emailinvoicecc");
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, hidden.has(field) ? null : text(field)]));
  return {
    ...(texts as Pick<AccountUpdate, TextField>),
    hasDifferentPostAddress: values.hasDifferentPostAddress,
    postalboxaddress: values.hasDifferentPostAddress && values.postalboxaddress,
    emailinvoice: values.emailinvoice,
  };
}

/** The form's errors, by the same schema the API applies. */
export const validateAccountForm = (values: AccountFormValues): FieldError<ValidationCode>[] =>
  validateFields(AccountUpdateSchema, accountUpdateFrom(values));

export type AccountFieldKind = "text" | "email" | "tel";

/** One input of the form; `required` marks it for assistive technology (aria-required) and the label. */
export type AccountField = { name: TextField; kind: AccountFieldKind; required: boolean; autoComplete?: string };

/** The form's and the read-only view's groups, in reading order. Post address fields depend on the flags. */
export type AccountGroup = { id: string; title: MessageKey; fields: readonly AccountField[] };

const field = (name: TextField, kind: AccountFieldKind = "text", autoComplete?: string): AccountField => ({
  name,
  kind,
  required: !OPTIONAL_TEXT.has(name),
  ...(autoComplete ? { autoComplete } : {}),
});

export const COMPANY_GROUP: AccountGroup = {
  id: "company",
  title: "portal.account.group.company",
  fields: [field("name", "text", "organization"), field("alternativename")],
};
export const VISITING_GROUP: AccountGroup = {
  id: "visiting",
  title: "portal.account.group.visiting",
  fields: [
    field("address1line1", "text", "address-line1"),
    field("address1line2", "text", "address-line2"),
    field("address1line3", "text", "address-line3"),
    field("address1postalcode", "text", "postal-code"),
    field("address1city", "text", "address-level2"),
  ],
};
export const CONTACT_GROUP: AccountGroup = {
  id: "contact",
  title: "portal.account.group.contact",
  fields: [field("telephone", "tel", "tel"), field("emailaddress1", "email", "email"), field("emailaddress2", "email")],
};
export const REGISTRATION_GROUP: AccountGroup = {
  id: "registration",
  title: "portal.account.group.registration",
  fields: [field("chamberOfCommerceNumber"), field("vatNumber")],
};

/** The post address fields to show for the current flags (PO box: its number; else street lines). */
export function postAddressFields(values: Pick<AccountFormValues, "hasDifferentPostAddress" | "postalboxaddress">): AccountField[] {
  if (!values.hasDifferentPostAddress) return [];
  const lines = values.postalboxaddress
    ? [{ ...field("postalBoxNumber"), required: true }]
    : [{ ...field("address2line1"), required: true }, field("address2line2"), field("address2line3")];
  return [...lines, { ...field("address2postalcode"), required: true }, { ...field("address2city"), required: true }];
}

/** The invoicing fields for the current flags (the copy address only when invoices go by e-mail). */
export function invoicingFields(values: Pick<AccountFormValues, "emailinvoice">): AccountField[] {
  return [field("invoiceto"), field("ibanNumber"), ...(values.emailinvoice ? [field("emailinvoicecc", "email")] : [])];
}

/** The fields whose format a customer cannot guess: each says what it expects before anything is typed. */
const HINTED = { ibanNumber: "portal.account.hint.ibanNumber", chamberOfCommerceNumber: "portal.account.hint.chamberOfCommerceNumber", vatNumber: "portal.account.hint.vatNumber" } as const satisfies Partial<Record<TextField, MessageKey>>;

/** Dictionary key of the hint under a field's label (tied to the input with aria-describedby), if it has one. */
export const accountHint = (name: TextField): MessageKey | undefined => (name in HINTED ? HINTED[name as keyof typeof HINTED] : undefined);

/** Dictionary key of a field's label. */
export const accountLabel = (name: TextField | FlagField): MessageKey => `portal.account.field.${name}`;

export type { TextField as AccountTextField, FlagField as AccountFlagField };
