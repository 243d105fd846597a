import type { BonusTierId } from "../../../core/api/schemas/business.ts";
import { formatMoney } from "../../../core/format.ts";
import { formatHl, formatPeriod } from "../../../core/business/format.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { Block } from "../../shared/Block.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";
import { fieldMessage, type StepProps } from "./step-props.ts";

/** Step 5: the draft as the API has it (volumes, statements, expected bonus), before submitting. */
export function ReviewStep({ lang, state, data, errors }: StepProps) {
  const t = useT(lang);
  const claim = useBusinessResource(lang, (calls) => calls.claim(state.claimId ?? ""), [state.claimId, state.attachmentCounts]);
  const productName = (id: string) => data.products.find((p) => p.id === id)?.name ?? id;
  const tierName = (id: BonusTierId) => t(`biz.tier.${id}`);
  return (
    <>
      <p>{t("biz.wizard.review.intro")}</p>
      <Block lang={lang} name="review" state={claim.state} onRetry={claim.reload} lines={6}>
        {(draft) => (
          <div data-review={draft.id}>
            <dl className="kp-biz-facts">
              <div>
                <dt>{t("biz.wizard.review.period")}</dt>
                <dd data-fact="period">{formatPeriod(draft.period)}</dd>
              </div>
              <div>
                <dt>{t("biz.wizard.review.volume")}</dt>
                <dd data-fact="volume">{formatHl(draft.volumeHl, lang)}</dd>
              </div>
              <div>
                <dt>{t("biz.wizard.review.estimate")}</dt>
                <dd data-fact="bonus">
                  {formatMoney(draft.bonusAmount, lang)} ({tierName(draft.tierId)})
                </dd>
              </div>
            </dl>
            {draft.wholesalers.map((wholesaler, w) => (
              <section key={wholesaler.wholesalerId} className="kp-biz-row" aria-labelledby={`kp-review-${wholesaler.wholesalerId}`}>
                <h3 id={`kp-review-${wholesaler.wholesalerId}`}>{wholesaler.wholesalerName}</h3>
                <table className="kp-table kp-table--compact">
                  <caption className="kp-sr-only">{wholesaler.wholesalerName}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("biz.wizard.volumes.product")}</th>
                      <th scope="col" className="kp-num">
                        {t("biz.wizard.volumes.quantity")}
                      </th>
                      <th scope="col" className="kp-num">
                        {t("biz.bonus.col.volume")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {wholesaler.lines.map((line) => (
                      <tr key={line.productId}>
                        <th scope="row">{productName(line.productId)}</th>
                        <td className="kp-num">{line.quantity}</td>
                        <td className="kp-num">{formatHl(line.volumeHl, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p>
                  {t("biz.wizard.review.attachments")}: {t("biz.wizard.attachments.count", { count: wholesaler.attachmentCount })}
                </p>
                <FieldError id={`kp-review-${w}-error`} message={fieldMessage(lang, errors, `wholesalers.${w}.attachments`, "attachments")} />
              </section>
            ))}
            <FieldError id="kp-review-error" message={fieldMessage(lang, errors, "period") ?? fieldMessage(lang, errors, "status")} />
          </div>
        )}
      </Block>
    </>
  );
}
