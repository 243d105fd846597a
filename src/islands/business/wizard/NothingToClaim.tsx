import { nextClaimOpening } from "../../../core/business/claim-periods.ts";
import { formatDay } from "../../../core/format.ts";
import { formatPeriod } from "../../../core/business/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

/** The bonus tool when every open quarter has a claim: when the next claim can be made, instead of steps. */
export function NothingToClaim({ lang, today }: { lang: Lang; today: string }) {
  const t = useT(lang);
  const next = nextClaimOpening(today);
  return (
    <>
      <h1>{t("biz.wizard.title")}</h1>
      <section className="kp-empty" data-empty="nothing-to-claim" aria-labelledby="kp-wizard-none">
        <h2 id="kp-wizard-none">{t("biz.wizard.none.title")}</h2>
        <p>{t("biz.wizard.none.body", { date: formatDay(next.from, lang, "long"), period: formatPeriod(next.period) })}</p>
      </section>
    </>
  );
}
