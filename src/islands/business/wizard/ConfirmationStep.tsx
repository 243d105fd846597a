import { claimReference } from "../../../core/business/bonus-summary.ts";
import { formatMoney } from "../../../core/format.ts";
import { formatHl, formatPeriod } from "../../../core/business/format.ts";
import { localizedPath, type Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";

/** Step 6: the submitted claim, read back from GET /actualssalesdata/{id}. */
export function ConfirmationStep({ lang, claimId }: { lang: Lang; claimId: string }) {
  const t = useT(lang);
  const claim = useBusinessResource(lang, (calls) => calls.claim(claimId), claimId);
  return (
    <Block lang={lang} name="confirmation" state={claim.state} onRetry={claim.reload}>
      {(submitted) => (
        <div className="kp-alert kp-alert--success" data-confirmation={submitted.id}>
          <h3>{t("biz.wizard.done.title")}</h3>
          <p>{t("biz.wizard.done.body")}</p>
          <dl className="kp-biz-facts">
            <div>
              <dt>{t("biz.wizard.done.reference")}</dt>
              <dd data-fact="reference">{claimReference(submitted)}</dd>
            </div>
            <div>
              <dt>{t("biz.wizard.review.period")}</dt>
              <dd data-fact="period">{formatPeriod(submitted.period)}</dd>
            </div>
            <div>
              <dt>{t("biz.wizard.done.status")}</dt>
              <dd data-fact="status">{t(`biz.bonusStatus.${submitted.status}`)}</dd>
            </div>
            <div>
              <dt>{t("biz.wizard.review.volume")}</dt>
              <dd data-fact="volume">{formatHl(submitted.volumeHl, lang)}</dd>
            </div>
            <div>
              <dt>{t("biz.wizard.review.estimate")}</dt>
              <dd>{formatMoney(submitted.bonusAmount, lang)}</dd>
            </div>
          </dl>
          <p>
            <a className="kp-button kp-button--primary" href={localizedPath(lang, "/mijn-account/bonus-overzicht")}>
              {t("biz.wizard.done.overview")}
            </a>
          </p>
        </div>
      )}
    </Block>
  );
}
