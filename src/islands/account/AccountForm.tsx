import { useRef, useState, type SubmitEvent, type ReactNode } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { AccountDetails } from "../../core/api/schemas/people.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { saveAccount } from "../../core/portal/account-api.ts";
import { stepUpRefusal } from "../../core/portal/step-up-refusal.ts";
import { stepUpFieldsChanged, type StepUpField } from "../../core/permissions/step-up.ts";
import { signedInRecently, signInAgainForChange } from "../../core/session/step-up.ts";
import {
  COMPANY_GROUP,
  CONTACT_GROUP,
  REGISTRATION_GROUP,
  VISITING_GROUP,
  accountFormValues,
  accountHint,
  accountLabel,
  accountUpdateFrom,
  invoicingFields,
  postAddressFields,
  validateAccountForm,
  type AccountField,
  type AccountFlagField,
  type AccountFormValues,
} from "../../core/portal/account-form.ts";
import { apiFieldErrors, fieldMessages } from "../../core/portal/form-errors.ts";
import { recheckShown } from "../../core/validation/recheck-shown.ts";
import type { FieldError, ValidationCode } from "../../core/validation/field-error.ts";
import { useT } from "../shell/use-t.ts";
import { focusFirstInvalid } from "../shared/first-invalid.ts";
import { Notice } from "../shared/Notice.tsx";
import { TextField } from "../shared/TextField.tsx";

type Props = {
  lang: Lang;
  accountNumber: string;
  account: AccountDetails;
  /** The values typed before signing in again for a money change (step-up), to start from. */
  draft?: AccountFormValues | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * The account details form (HOOFDDATA): the same rules as the API, a message at each refused field
 * and a summary above; a failed save keeps every edit. A change of the IBAN or of where invoices go
 * needs a sign-in of the last five minutes (src/core/permissions/step-up.ts): without one the person
 * first signs in again, and comes back to this form with what they typed.
 */
export function AccountForm({ lang, accountNumber, account, draft, onSaved, onCancel }: Props) {
  const t = useT(lang);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<AccountFormValues>(() => draft ?? accountFormValues(account));
  const [refusals, setRefusals] = useState<FieldError<ValidationCode>[]>([]);
  const errors = fieldMessages(refusals);
  const [problem, setProblem] = useState<"invalid" | "failed" | "stepUp" | undefined>();
  /** The money fields the API refused until the person signs in again. */
  const [stepUpFields, setStepUpFields] = useState<StepUpField[]>([]);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof AccountFormValues>(name: K, value: AccountFormValues[K]): void => {
    const next = { ...values, [name]: value };
    setValues(next);
    // A field that shows an error is checked again at once; the flags move other fields, so they recheck all.
    setRefusals((shown) => recheckShown(shown, validateAccountForm(next), typeof value === "string" ? name : undefined));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const refused = validateAccountForm(values);
    if (refused.length > 0) {
      setRefusals(refused);
      setProblem("invalid");
      focusFirstInvalid(form.current);
      return;
    }
    setRefusals([]);
    setProblem(undefined);
    setStepUpFields([]);
    setSaving(true);
    const update = accountUpdateFrom(values);
    // Just back from signing in again (the draft): the API judges on its own clock, so a browser
    // whose clock runs ahead never sends the person round again.
    if (stepUpFieldsChanged(account, update).length > 0 && !draft && !(await signedInRecently())) {
      await signInAgain();
      return;
    }
    try {
      await saveAccount(api(), accountNumber, update);
      onSaved();
    } catch (error) {
      const refusedMoney = stepUpRefusal(error);
      if (refusedMoney) {
        setStepUpFields(refusedMoney);
        setProblem("stepUp");
        requestAnimationFrame(() => summary.current?.focus());
        return;
      }
      const fields = apiFieldErrors(error);
      setRefusals(fields ?? []);
      setProblem(fields ? "invalid" : "failed");
      if (fields) focusFirstInvalid(form.current);
      else requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setSaving(false);
    }
  }

  /** Keeps what was typed and goes to sign in again; the page unloads, unless that fails. */
  async function signInAgain(): Promise<void> {
    setSaving(true);
    try {
      await signInAgainForChange(accountNumber, values, lang);
    } catch {
      setProblem("failed");
      setSaving(false);
      requestAnimationFrame(() => summary.current?.focus());
    }
  }

  const input = (field: AccountField) => {
    const message = errors[field.name] ?? ((stepUpFields as string[]).includes(field.name) ? "portal.account.stepUp.field" : undefined);
    const hint = accountHint(field.name);
    return (
      <TextField
        key={field.name}
        id={`account-${field.name}`}
        name={field.name}
        label={t(accountLabel(field.name))}
        value={values[field.name]}
        onChange={(value) => set(field.name, value)}
        error={message ? t(message) : undefined}
        hint={hint ? t(hint) : undefined}
        inputMode={field.name === "chamberOfCommerceNumber" ? "numeric" : undefined}
        required={field.required}
        requiredLabel={t("portal.form.required")}
        type={field.kind}
        autoComplete={field.autoComplete}
      />
    );
  };
  const flag = (name: AccountFlagField) => (
    <div className="kp-check" data-field={name}>
      <input id={`account-${name}`} type="checkbox" checked={values[name]} onChange={(event) => set(name, event.target.checked)} />
      <label htmlFor={`account-${name}`}>{t(accountLabel(name))}</label>
    </div>
  );
  const fieldset = (id: string, legend: string, children: ReactNode) => (
    <fieldset className="kp-fieldset" data-group={id}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );

  return (
    <form ref={form} className="kp-form kp-form--wide" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      {problem === "stepUp" ? (
        <Notice ref={summary} tone="error" title={t("portal.account.stepUp.title")} message={t("portal.account.stepUp.message")}>
          <button type="button" className="kp-button kp-button--primary" data-action="sign-in-again" onClick={() => void signInAgain()} disabled={saving}>
            {t("portal.account.stepUp.action")}
          </button>
        </Notice>
      ) : (
        problem && (
          <Notice
            ref={summary}
            tone="error"
            title={problem === "invalid" ? t("portal.users.error.title") : t("common.error.title")}
            message={problem === "invalid" ? t("portal.form.invalid") : t("portal.form.saveFailed")}
          />
        )
      )}
      <p className="kp-field__hint" data-step-up-note>
        {t("portal.account.stepUp.note")}
      </p>
      {fieldset(COMPANY_GROUP.id, t(COMPANY_GROUP.title), COMPANY_GROUP.fields.map(input))}
      {fieldset(VISITING_GROUP.id, t(VISITING_GROUP.title), VISITING_GROUP.fields.map(input))}
      {fieldset(
        "post",
        t("portal.account.group.post"),
        <>
          {flag("hasDifferentPostAddress")}
          {values.hasDifferentPostAddress && flag("postalboxaddress")}
          {postAddressFields(values).map(input)}
        </>,
      )}
      {fieldset(CONTACT_GROUP.id, t(CONTACT_GROUP.title), CONTACT_GROUP.fields.map(input))}
      {fieldset(
        "invoicing",
        t("portal.account.group.invoicing"),
        <>
          {flag("emailinvoice")}
          {invoicingFields(values).map(input)}
        </>,
      )}
      {fieldset(REGISTRATION_GROUP.id, t(REGISTRATION_GROUP.title), REGISTRATION_GROUP.fields.map(input))}
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
