import type { CoronaResponse } from "../../../core/api/schemas/business.ts";
import { formatDay } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

type Props = { lang: Lang; data: CoronaResponse; onEdit?: (() => void) | undefined; saved: boolean };

/**
 * A registration that was submitted or approved, shown as it was sent instead of as editable fields,
 * with what its status means; a submitted one can still be changed (it is then reviewed again).
 */
export function ThtSummary({ lang, data, onEdit, saved }: Props) {
  const t = useT(lang);
  const { registration } = data;
  const productName = (id: string): string => data.eligibleProducts.find((product) => product.id === id)?.name ?? id;
  return (
    <section className="kp-biz-section" aria-labelledby="kp-tht-sent" data-tht-summary>
      <div role="status" aria-live="polite">
        {saved && (
          <p className="kp-alert kp-alert--success" data-saved>
            {t("biz.tht.saved")}
          </p>
        )}
      </div>
      <p className="kp-alert" data-locked={registration.status === "approved" ? true : undefined}>
        {registration.status === "approved" ? t("biz.tht.locked") : t("biz.tht.submittedNote")}
      </p>
      <h2 id="kp-tht-sent">{t("biz.tht.lines")}</h2>
      {registration.lines.map((line, i) => (
        <dl key={i} className="kp-biz-facts" data-line={i}>
          <div>
            <dt>{t("biz.tht.line", { n: i + 1 })}</dt>
            <dd data-fact="product">{productName(line.productId)}</dd>
          </div>
          <div>
            <dt>{t("biz.tht.quantity")}</dt>
            <dd data-fact="quantity">{line.quantity}</dd>
          </div>
          <div>
            <dt>{t("biz.tht.bestBefore")}</dt>
            <dd data-fact="bestBefore">{formatDay(line.bestBeforeDate, lang)}</dd>
          </div>
        </dl>
      ))}
      <h2>{t("biz.tht.attachments")}</h2>
      <ul data-attachments>
        {registration.attachments.map((attachment) => (
          <li key={attachment.id}>{attachment.fileName}</li>
        ))}
      </ul>
      {onEdit && (
        <div className="kp-biz-actions">
          <button type="button" className="kp-button" onClick={onEdit} data-action="edit">
            {t("biz.tht.edit")}
          </button>
        </div>
      )}
    </section>
  );
}
