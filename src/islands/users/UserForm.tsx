import { useRef, useState, type SubmitEvent } from "react";
import type { Permission } from "../../core/api/schemas/common.ts";
import type { PermissionCatalogue, RelatedContact } from "../../core/api/schemas/colleagues.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { apiFieldErrors, fieldMessages } from "../../core/portal/form-errors.ts";
import type { AccountGrant } from "../../core/api/schemas/people-requests.ts";
import { grantsOf, outletRefusals, refusedPresets, type OutletChoice, type OutletPeople } from "../../core/portal/outlet-choice.ts";
import type { Me } from "../../core/portal/user-guards.ts";
import { OutletsField } from "./OutletsField.tsx";
import { recheckShown } from "../../core/validation/recheck-shown.ts";
import type { FieldError, ValidationCode } from "../../core/validation/field-error.ts";
import { lockedPermissions, type Member } from "../../core/permissions/user-management.ts";
import { permissionDescription, permissionName, roleDescription, roleName } from "../../core/permissions/wording.ts";
import { ROLE_NAMES, presetRefusal } from "../../core/permissions/roles.ts";
import { asMember } from "../../core/portal/user-guards.ts";
import {
  allSelected,
  chooseRole,
  emptyUserForm,
  offeredPermissions,
  toggleAll,
  togglePermission,
  userFormValues,
  validateUserForm,
  type UserFormValues,
} from "../../core/portal/user-form.ts";
import { focusFirstInvalid } from "../shared/first-invalid.ts";
import { Notice } from "../shared/Notice.tsx";
import { TextField } from "../shared/TextField.tsx";
import { useT } from "../shell/use-t.ts";

type Props = {
  lang: Lang;
  catalogue: PermissionCatalogue;
  /** The contact being edited; absent when adding a user. */
  contact?: RelatedContact | undefined;
  contacts: readonly RelatedContact[];
  /** The signed-in user as the user-management rules see them: they decide which permissions are locked. */
  actor: Member;
  /**
   * When adding, for whoever manages the users of several accounts: those outlets (the current one
   * ticked), what is known of each one's people, and the viewer, for the rules per outlet.
   */
  outlets?: { initial: OutletChoice[]; people: OutletPeople; viewer: { me: Me; held: (accountNumber: string) => readonly Permission[] } } | undefined;
  /** Saves (with the outlets' grants when the form shows outlets); resolves when done, rejects to keep the form as it is (the caller shows why). */
  onSubmit: (values: UserFormValues, grants?: AccountGrant[]) => Promise<void>;
  onCancel: () => void;
};

/**
 * The add and edit user form: names, e-mail (only when adding), a Dutch 06 mobile
 * number and the permissions with their descriptions and 'select all'. A refused form shows the
 * summary and a message at each field; a failed save keeps the input.
 */
export function UserForm({ lang, catalogue, contact, contacts, actor, outlets, onSubmit, onCancel }: Props) {
  const t = useT(lang);
  const form = useRef<HTMLFormElement>(null);
  const mode = contact ? "edit" : "create";
  const offered = offeredPermissions(catalogue);
  const order = offered.map((entry) => entry.code);
  const locks = lockedPermissions(actor, contact && asMember(contact), contacts.map(asMember), order);
  const locked: Permission[] = [...locks.keys()];
  const [values, setValues] = useState<UserFormValues>(() => (contact ? userFormValues(contact) : emptyUserForm()));
  const [refusals, setRefusals] = useState<FieldError<ValidationCode>[]>([]);
  const errors = fieldMessages(refusals);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  // A second click before the first save re-renders the button disabled must not send a second invitation.
  const inFlight = useRef(false);
  const [chosen, setChosenOutlets] = useState<OutletChoice[]>(() => outlets?.initial ?? []);
  // The form's own rules, and per outlet the API's (a change of the e-mail address or the
  // permissions may settle or raise an outlet's refusal, so those fields re-check the outlets too).
  const validate = (next: UserFormValues, nextOutlets: readonly OutletChoice[]): FieldError<ValidationCode>[] => [
    ...validateUserForm(next, mode),
    ...(outlets ? outletRefusals(next, nextOutlets, outlets.people, outlets.viewer) : []),
  ];
  const recheck = (next: UserFormValues, nextOutlets: readonly OutletChoice[], changed: string): void =>
    setRefusals((shown) => recheckShown(recheckShown(shown, validate(next, nextOutlets), changed), validate(next, nextOutlets), "grants"));
  const set = (name: "firstName" | "lastName" | "email" | "phonenumber", value: string): void => {
    const next = { ...values, [name]: value };
    setValues(next);
    recheck(next, chosen, name);
  };
  const choose = (next: UserFormValues): void => {
    setValues(next);
    recheck(next, chosen, "permissions");
  };
  const chooseOutlets = (next: OutletChoice[]): void => {
    setChosenOutlets(next);
    recheck(values, next, "grants");
  };

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const refused = validate(values, chosen);
    setRefusals(refused);
    setInvalid(refused.length > 0);
    if (refused.length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await onSubmit(values, outlets ? grantsOf(chosen) : undefined);
    } catch (error) {
      // The caller shows the failure; the form keeps what was typed, and a refusal the API names a
      // field for (an outlet, the e-mail address) shows beside that field too.
      const named = apiFieldErrors(error);
      if (named) setRefusals(named);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  const message = (name: string): string | undefined => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  const prefix = `user-${mode}`;
  const permissionsError = message("permissions");

  return (
    <form ref={form} className="kp-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-user-form={mode}>
      {invalid && <Notice tone="error" title={t("portal.users.error.title")} message={t("portal.form.invalid")} />}
      <TextField id={`${prefix}-firstName`} name="firstName" label={t("portal.users.firstName")} value={values.firstName} onChange={(v) => set("firstName", v)} error={message("firstName")} required requiredLabel={t("portal.form.required")} />
      <TextField id={`${prefix}-lastName`} name="lastName" label={t("portal.users.lastName")} value={values.lastName} onChange={(v) => set("lastName", v)} error={message("lastName")} required requiredLabel={t("portal.form.required")} />
      {mode === "create" ? (
        <TextField id={`${prefix}-email`} name="email" type="email" label={t("portal.users.email")} value={values.email} onChange={(v) => set("email", v)} error={message("email")} required requiredLabel={t("portal.form.required")} />
      ) : (
        <dl className="kp-facts">
          <div>
            <dt>{t("portal.users.email")}</dt>
            <dd>
              {values.email}
              <br />
              <span className="kp-muted kp-small">{t("portal.users.emailFixed")}</span>
            </dd>
          </div>
        </dl>
      )}
      <TextField id={`${prefix}-phonenumber`} name="phonenumber" type="tel" label={t("portal.users.phone")} hint={t("portal.users.phoneHint")} value={values.phonenumber} onChange={(v) => set("phonenumber", v)} error={message("phonenumber")} required requiredLabel={t("portal.form.required")} />
      <fieldset className="kp-fieldset" aria-describedby={`${prefix}-role-hint`} data-field="role">
        <legend>{t("portal.users.role")}</legend>
        <p id={`${prefix}-role-hint`} className="kp-field__hint">
          {t("portal.users.roleHint")}
        </p>
        {ROLE_NAMES.map((role) => {
          const id = `${prefix}-role-${role}`;
          // A preset the rules would refuse in part (e.g. granting user management) is not offered, with why.
          const lock = role === "CUSTOM" ? undefined : presetRefusal(actor, contact && asMember(contact), contacts.map(asMember), role);
          return (
            <div key={role} className="kp-check" data-role={role}>
              <input
                id={id}
                type="radio"
                name={`${prefix}-role`}
                value={role}
                checked={(values.role ?? "CUSTOM") === role}
                disabled={lock !== undefined}
                aria-describedby={`${id}-description`}
                onChange={() => choose(chooseRole(values, role, order))}
              />
              <label htmlFor={id}>
                <strong>{roleName(role, lang)}</strong>
                <span id={`${id}-description`} className="kp-check__description">
                  {roleDescription(role, lang)}
                  {lock && <span className="kp-check__lock" data-lock={lock}> {t(`validation.${lock}`)}</span>}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <fieldset className="kp-fieldset" aria-describedby={permissionsError ? `${prefix}-permissions-error` : undefined} data-field="permissions">
        <legend>
          {t("portal.users.permissions")} <span className="kp-field__hint">({t("portal.form.required")})</span>
        </legend>
        <div className="kp-check kp-check--all">
          <input id={`${prefix}-all`} type="checkbox" checked={allSelected(values, order, locked)} disabled={locked.length === order.length} onChange={() => choose(toggleAll(values, order, locked))} />
          <label htmlFor={`${prefix}-all`}>{t("portal.users.selectAll")}</label>
        </div>
        {offered.map((entry) => {
          const id = `${prefix}-permission-${entry.code}`;
          const lock = locks.get(entry.code);
          return (
            <div key={entry.code} className="kp-check" data-permission={entry.code}>
              <input
                id={id}
                type="checkbox"
                name="permissions"
                value={entry.code}
                checked={values.permissions.includes(entry.code)}
                disabled={lock !== undefined}
                aria-invalid={permissionsError ? true : undefined}
                aria-describedby={`${id}-description`}
                onChange={(event) => choose(togglePermission(values, entry.code, event.target.checked, order))}
              />
              <label htmlFor={id}>
                {/* The portal's own words for what the colleague may see and do here, not the catalogue's. */}
                <strong>{permissionName(entry.code, lang)}</strong>
                <span id={`${id}-description`} className="kp-check__description">
                  {permissionDescription(entry.code, lang)}
                  {lock && <span className="kp-check__lock" data-lock={lock}> {t(`validation.${lock}`)}</span>}
                </span>
              </label>
            </div>
          );
        })}
        <p id={`${prefix}-permissions-error`} className="kp-field__error">
          {permissionsError}
        </p>
      </fieldset>
      {outlets && (
        <OutletsField lang={lang} prefix={prefix} outlets={chosen} onChange={chooseOutlets} message={message} refused={(accountNumber) => refusedPresets(accountNumber, outlets.people, outlets.viewer)} />
      )}
      {mode === "create" && <p className="kp-muted" data-invite-hint>{t("portal.users.inviteHintGeneric")}</p>}
      <div className="kp-portal-actions">
        <button type="submit" className="kp-button kp-button--primary" disabled={saving}>
          {saving ? t("portal.form.saving") : t("portal.form.save")}
        </button>
        <button type="button" className="kp-button" onClick={onCancel} disabled={saving}>
          {t("portal.form.cancel")}
        </button>
      </div>
    </form>
  );
}
