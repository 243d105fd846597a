import type { Lang } from "../../core/i18n/locale.ts";
import { grantField } from "../../core/permissions/outlet-grants.ts";
import { PRESET_NAMES, type PresetName } from "../../core/permissions/roles.ts";
import { roleName } from "../../core/permissions/wording.ts";
import { setChosen, setOutletRole, type OutletChoice } from "../../core/portal/outlet-choice.ts";
import { useT } from "../shell/use-t.ts";

type Props = {
  lang: Lang;
  /** The form's id prefix. */
  prefix: string;
  outlets: readonly OutletChoice[];
  onChange: (next: OutletChoice[]) => void;
  /** The message of a field (`grants`, `grants.<accountNumber>`), if refused. */
  message: (field: string) => string | undefined;
  /** Per outlet, the presets the rules refuse the viewer there (not offered). */
  refused: (accountNumber: string) => readonly PresetName[];
};

/**
 * The add-user form's outlets: a checkbox per account whose users the viewer manages, and per ticked
 * outlet its role there (the form's choice above, or another preset). A refusal about one outlet
 * (already on it, a right not held there) shows beside that outlet.
 */
export function OutletsField({ lang, prefix, outlets, onChange, message, refused }: Props) {
  const t = useT(lang);
  const noneError = message("grants");
  return (
    <fieldset className="kp-fieldset kp-outlets" aria-describedby={`${prefix}-outlets-hint${noneError ? ` ${prefix}-outlets-error` : ""}`} data-field="grants">
      <legend>
        {t("portal.users.outlets")} <span className="kp-field__hint">({t("portal.form.required")})</span>
      </legend>
      <p id={`${prefix}-outlets-hint`} className="kp-field__hint">
        {t("portal.users.outletsHint")}
      </p>
      {outlets.map((outlet) => {
        const id = `${prefix}-outlet-${outlet.accountNumber}`;
        const error = message(grantField(outlet.accountNumber));
        const locked = refused(outlet.accountNumber);
        return (
          <div key={outlet.accountNumber} className="kp-outlets__outlet" data-outlet={outlet.accountNumber}>
            <div className="kp-check">
              <input
                id={id}
                type="checkbox"
                checked={outlet.chosen}
                aria-invalid={error || noneError ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onChange(setChosen(outlets, outlet.accountNumber, event.target.checked))}
              />
              <label htmlFor={id}>
                <strong>{outlet.name}</strong> <span className="kp-muted kp-small">{outlet.accountNumber}</span>
              </label>
            </div>
            {outlet.chosen && (
              <div className="kp-field kp-outlets__role">
                <label htmlFor={`${id}-role`}>{t("portal.users.outletRole", { name: outlet.name })}</label>
                <select id={`${id}-role`} value={outlet.role} onChange={(event) => onChange(setOutletRole(outlets, outlet.accountNumber, event.target.value as OutletChoice["role"]))}>
                  <option value="SAME">{t("portal.users.outletRoleSame")}</option>
                  {PRESET_NAMES.filter((role) => !locked.includes(role)).map((role) => (
                    <option key={role} value={role}>
                      {roleName(role, lang)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <p id={`${id}-error`} className="kp-field__error">
              {error}
            </p>
          </div>
        );
      })}
      <p id={`${prefix}-outlets-error`} className="kp-field__error">
        {noneError}
      </p>
    </fieldset>
  );
}
