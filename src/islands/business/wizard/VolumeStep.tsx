import { parseQuantity } from "../../../core/business/bonus-wizard.ts";
import { formatHl } from "../../../core/business/format.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { fieldMessage, type StepProps } from "./step-props.ts";

/** Step 3: quantities per product for each chosen wholesaler, with the running total in hectolitres. */
export function VolumeStep({ lang, state, data, errors, change }: StepProps) {
  const t = useT(lang);
  const products = data.products;

  function type(wholesalerId: string, productId: string, value: string) {
    const current = state.quantities[wholesalerId] ?? {};
    change({ quantities: { ...state.quantities, [wholesalerId]: { ...current, [productId]: value } } });
  }

  return (
    <>
      <p>{t("biz.wizard.volumes.intro")}</p>
      {state.wholesalerIds.map((wholesalerId, w) => {
        const wholesaler = data.wholesalers.find((item) => item.id === wholesalerId);
        const typed = state.quantities[wholesalerId] ?? {};
        // Line positions follow claimInput: only products with a quantity other than 0 become lines.
        const lineIds = products.map((p) => p.id).filter((id) => parseQuantity(typed[id] ?? "") !== 0);
        const total = products.reduce((sum, p) => {
          const quantity = parseQuantity(typed[p.id] ?? "");
          return Number.isFinite(quantity) ? sum + (quantity * p.litresPerUnit) / 100 : sum;
        }, 0);
        const linesMessage = fieldMessage(lang, errors, `wholesalers.${w}.lines`, "lines");
        return (
          <fieldset key={wholesalerId} className="kp-biz-row" data-wholesaler={wholesalerId} aria-describedby={`kp-volumes-${w}-error`}>
            <legend>{t("biz.wizard.volumes.legend", { name: wholesaler?.name ?? wholesalerId })}</legend>
            <FieldError id={`kp-volumes-${w}-error`} message={linesMessage} />
            <div className="kp-biz-volume-grid">
              {products.map((product) => {
                const id = `kp-q-${wholesalerId}-${product.id}`;
                const line = lineIds.indexOf(product.id);
                const message = line >= 0 ? fieldMessage(lang, errors, `wholesalers.${w}.lines.${line}.quantity`) : undefined;
                return (
                  <div key={product.id} className="kp-field kp-biz-volume">
                    <label htmlFor={id}>
                      {product.name}
                      <span className="kp-field__hint"> ({t(`biz.packaging.${product.packaging}`)})</span>
                    </label>
                    <input
                      id={id}
                      inputMode="numeric"
                      autoComplete="off"
                      value={typed[product.id] ?? ""}
                      onChange={(event) => type(wholesalerId, product.id, event.target.value)}
                      aria-describedby={`${id}-error`}
                      aria-invalid={message ? true : undefined}
                      data-product={product.id}
                    />
                    <FieldError id={`${id}-error`} message={message} />
                  </div>
                );
              })}
            </div>
            <p className="kp-biz-total-line" aria-live="polite">
              {t("biz.wizard.volumes.total", { hl: formatHl(total, lang) })}
            </p>
          </fieldset>
        );
      })}
    </>
  );
}
