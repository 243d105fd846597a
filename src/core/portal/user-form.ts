import type { Permission } from "../api/schemas/common.ts";
import { type PermissionCatalogue, type RelatedContact } from "../api/schemas/colleagues.ts";
import { ASSIGNABLE_PERMISSIONS, CreateContactSchema, UpdateContactSchema, type AccountGrant, type CreateContact, type RoleName, type UpdateContact } from "../api/schemas/people-requests.ts";
import { ROLE_PRESETS, roleOf } from "../permissions/roles.ts";
import type { MessageKey } from "../i18n/index.ts";
import { normalizeEmail } from "../validation/email.ts";
import { validateFields, type FieldError, type ValidationCode } from "../validation/field-error.ts";

/** The add/edit user form. The e-mail address is the sign-in name: only set on creation. */
export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phonenumber: string;
  permissions: Permission[];
  /** The role chosen (a preset over the permissions), or CUSTOM (the default): ticking by hand. */
  role?: RoleName;
};

export type UserFormMode = { kind: "create" } | { kind: "edit"; contact: RelatedContact };

export const emptyUserForm = (): UserFormValues => ({ firstName: "", lastName: "", email: "", phonenumber: "", permissions: [], role: "CUSTOM" });

export const userFormValues = (contact: RelatedContact): UserFormValues => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  phonenumber: contact.phonenumber,
  permissions: contact.permissions.filter((code) => code !== "ADMINISTRATOR"),
  role: roleOf(contact.permissions),
});

/**
 * The role the ticks make: the preset they are exactly, else CUSTOM. No ticks at all stay CUSTOM (so
 * 'Select at least one permission' still speaks): the dashboard-only STAFF is only ever chosen.
 */
function roleOfTicks(permissions: readonly Permission[]): RoleName {
  const role = roleOf(permissions);
  return role === "STAFF" ? "CUSTOM" : role;
}

/** Choosing a role: a preset sets its permissions (in the catalogue's order); CUSTOM keeps the ticks. */
export function chooseRole(values: UserFormValues, role: RoleName, order: readonly Permission[]): UserFormValues {
  if (role === "CUSTOM") return { ...values, role };
  const preset: readonly Permission[] = ROLE_PRESETS[role];
  return { ...values, role, permissions: order.filter((code) => preset.includes(code)) };
}

/** The permissions the form offers, in the catalogue's order (ADMINISTRATOR is the supplier's to grant). */
export const offeredPermissions = (catalogue: PermissionCatalogue): PermissionCatalogue =>
  catalogue.filter((entry) => entry.assignable && (ASSIGNABLE_PERMISSIONS as readonly Permission[]).includes(entry.code));

/** Turns one permission on or off, keeping the catalogue's order. */
export function togglePermission(values: UserFormValues, code: Permission, on: boolean, order: readonly Permission[]): UserFormValues {
  const next = new Set(values.permissions);
  if (on) next.add(code);
  else next.delete(code);
  const permissions = order.filter((entry) => next.has(entry));
  return { ...values, permissions, role: roleOfTicks(permissions) };
}

/**
 * 'Select all': every offered permission on; when all are on already, all off.
 * The `locked` ones (the rules do not let this user switch them) keep their state either way.
 */
export function toggleAll(values: UserFormValues, offered: readonly Permission[], locked: readonly Permission[] = []): UserFormValues {
  const free = offered.filter((code) => !locked.includes(code));
  const all = free.every((code) => values.permissions.includes(code));
  const kept = offered.filter((code) => locked.includes(code) && values.permissions.includes(code));
  const permissions = offered.filter((code) => kept.includes(code) || (!all && free.includes(code)));
  return { ...values, permissions, role: roleOfTicks(permissions) };
}

/** True when every permission the user may switch is on. */
export function allSelected(values: UserFormValues, offered: readonly Permission[], locked: readonly Permission[] = []): boolean {
  const free = offered.filter((code) => !locked.includes(code));
  return free.length > 0 && free.every((code) => values.permissions.includes(code));
}

/** The form's errors, by the same schemas the API applies (no e-mail address when editing). */
export function validateUserForm(values: UserFormValues, mode: UserFormMode["kind"]): FieldError<ValidationCode>[] {
  return validateFields(mode === "create" ? CreateContactSchema : UpdateContactSchema, values);
}

/** The create call's body; with `grants` (the form's outlets), one invitation for each of them. */
export const createBody = (values: UserFormValues, grants?: AccountGrant[]): CreateContact => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: normalizeEmail(values.email),
  phonenumber: values.phonenumber.trim(),
  permissions: values.permissions,
  ...(values.role ? { role: values.role } : {}),
  ...(grants ? { grants } : {}),
});

/** The update keeps an ADMINISTRATOR grant the form never shows, so saving cannot drop it. */
export const updateBody = (values: UserFormValues, contact: RelatedContact): UpdateContact => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  phonenumber: values.phonenumber.trim(),
  permissions: contact.permissions.includes("ADMINISTRATOR") ? ["ADMINISTRATOR", ...values.permissions] : values.permissions,
  ...(values.role ? { role: values.role } : {}),
});

/** The summary above a refused form ('Not all fields are filled in correctly'); each field says the rest. */
export const FORM_INVALID: { title: MessageKey; message: MessageKey } = {
  title: "portal.users.error.title",
  message: "portal.form.invalid",
};
