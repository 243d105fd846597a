import type { BonusTierId } from "../../../core/api/schemas/business.ts";
import { compareClaim, MAX_REASON_LENGTH, recordedReference, type ClaimComparison } from "../../../core/business/claim-check.ts";
import { formatHl, formatMoney, formatNumber, formatPeriod } from "../../../core/business/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { Block } from "../../shared/Block.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";
import { fieldMessage, type StepProps } from "./step-props.ts";

/**
 * Step 5: the draft as the API has it (volumes, statements, expected bonus), compared with the
 * recorded volume before submitting; a claim far from it asks for a reason (src/core/business/claim-check.ts).
 */
export function ReviewStep({ lang, state, data, errors, change }: StepProps) {
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
            <p className="kp-field__hint">{t("biz.wizard.review.underReview")}</p>
            <Comparison
              lang={lang}
              comparison={compareClaim(draft.volumeHl, recordedReference(data.claims, draft.period))}
              reason={state.reason ?? ""}
              onReason={(reason) => change({ reason })}
              error={fieldMessage(lang, errors, "reason", "reason")}
            />
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

type ComparisonProps = { lang: Lang; comparison: ClaimComparison; reason: string; onReason: (reason: string) => void; error: string | undefined };

/** The claimed volume against the recorded one, the difference in words, and the reason field when it is far. */
function Comparison({ lang, comparison, reason, onReason, error }: ComparisonProps) {
  const t = useT(lang);
  const { reference, differenceHl, differenceShare } = comparison;
  const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);
  return (
    <section className="kp-biz-row" aria-labelledby="kp-review-compare" data-comparison={comparison.far ? "far" : "near"}>
      <h3 id="kp-review-compare">{t("biz.wizard.review.compare")}</h3>
      {reference && differenceHl !== null ? (
        <>
          <p data-fact="reference">{t(`biz.wizard.review.compare.${reference.basis}`, { period: formatPeriod(reference.period), hl: formatHl(reference.volumeHl, lang) })}</p>
          <p data-fact="difference">
            {t("biz.wizard.review.compare.difference", {
              claimed: formatHl(comparison.claimedHl, lang),
              difference: signed(formatHl(differenceHl, lang), differenceHl),
              share: differenceShare === null ? "—" : signed(`${formatNumber(Math.round(differenceShare * 100), lang)}%`, differenceShare),
            })}
          </p>
        </>
      ) : (
        <p data-fact="reference">{t("biz.wizard.review.compare.none")}</p>
      )}
      {comparison.far && (
        <>
          <p className="kp-alert kp-alert--warning" data-far-claim>
            {t("biz.wizard.review.compare.far")}
          </p>
          <div className="kp-field">
            <label htmlFor="kp-review-reason">{t("biz.wizard.review.reason")}</label>
            <p id="kp-review-reason-hint" className="kp-field__hint">
              {t("biz.wizard.review.reasonHint")}
            </p>
            <textarea
              id="kp-review-reason"
              name="reason"
              rows={3}
              maxLength={MAX_REASON_LENGTH}
              required
              value={reason}
              onChange={(event) => onReason(event.target.value)}
              aria-describedby="kp-review-reason-hint kp-review-reason-error"
              aria-invalid={error ? true : undefined}
            />
            <FieldError id="kp-review-reason-error" message={error} />
          </div>
        </>
      )}
    </section>
  );
}
