import { formatPeriod } from "../../../core/business/format.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { fieldMessage, type StepProps } from "./step-props.ts";

/** Step 2: the wholesalers bought through in the period (one or more). */
export function WholesalerStep({ lang, state, data, errors, change }: StepProps) {
  const t = useT(lang);
  const message = fieldMessage(lang, errors, "wholesalers", "wholesalers");
  function toggle(id: string, on: boolean) {
    const chosen = new Set(state.wholesalerIds);
    if (on) chosen.add(id);
    else chosen.delete(id);
    // Keep the list order of the API, so the later steps list them the same way.
    change({ wholesalerIds: data.wholesalers.map((w) => w.id).filter((wid) => chosen.has(wid)) });
  }
  return (
    <fieldset className="kp-biz-choices" aria-describedby="kp-wholesalers-error" aria-invalid={message ? true : undefined}>
      <legend>{t("biz.wizard.wholesalers.legend", { period: formatPeriod(state.period ?? "") })}</legend>
      {data.wholesalers.map((wholesaler) => (
        <label key={wholesaler.id} className="kp-check">
          <input
            type="checkbox"
            name="wholesaler"
            value={wholesaler.id}
            checked={state.wholesalerIds.includes(wholesaler.id)}
            onChange={(event) => toggle(wholesaler.id, event.target.checked)}
          />
          <span>
            {wholesaler.name}, {wholesaler.city}
          </span>
        </label>
      ))}
      <FieldError id="kp-wholesalers-error" message={message} />
    </fieldset>
  );
}
