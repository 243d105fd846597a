import { formatPeriod } from "../../../core/business/format.ts";
import { openClaimPeriods } from "../../../core/business/claim-periods.ts";
import { claimablePeriods } from "../../../core/business/bonus-periods.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { fieldMessage, type StepProps } from "./step-props.ts";

/** Step 1: the quarter, from the last four that ended; quarters already claimed are shown but disabled. */
export function PeriodStep({ lang, state, data, errors, change }: StepProps) {
  const t = useT(lang);
  const periods = claimablePeriods(data.ctx.today);
  const open = openClaimPeriods(data.ctx.today, data.ctx.takenPeriods);
  const message = fieldMessage(lang, errors, "period");
  if (open.length === 0) return <p className="kp-empty">{t("biz.wizard.period.none")}</p>;
  return (
    <fieldset className="kp-biz-choices" aria-describedby="kp-period-hint kp-period-error" aria-invalid={message ? true : undefined}>
      <legend>{t("biz.wizard.period.legend")}</legend>
      <p id="kp-period-hint" className="kp-field__hint">
        {t("biz.wizard.period.hint")}
      </p>
      {periods.map((period) => {
        const taken = data.ctx.takenPeriods.has(period);
        return (
          <label key={period} className="kp-check">
            <input
              type="radio"
              name="period"
              value={period}
              checked={state.period === period}
              disabled={taken}
              onChange={() => change({ period })}
            />
            <span>
              {formatPeriod(period)}
              {taken && <span className="kp-field__hint"> ({t("biz.wizard.period.taken")})</span>}
            </span>
          </label>
        );
      })}
      <FieldError id="kp-period-error" message={message} />
    </fieldset>
  );
}
