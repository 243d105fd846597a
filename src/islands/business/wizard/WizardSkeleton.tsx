import { WIZARD_STEPS, type WizardStep } from "../../../core/business/bonus-wizard.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Skeleton } from "../../shared/Block.tsx";
import { StepProgress } from "./StepProgress.tsx";
import "../business.css";

/**
 * The bonus tool while it loads, in the shape of the loaded step: the same container and block, the
 * title, the steps and the step's heading where the loaded tool puts them, grey lines in place of
 * the step's fields. The page's static HTML shows it (Astro renders it as the island's fallback) and
 * the guard and the tool keep it until the data has come, so nothing already painted moves when the
 * tool is ready. What only the loaded tool has (the step's buttons, the link back to the overview)
 * is left out rather than drawn in a guessed place: it appears below, it is not pushed down.
 * Without a step in the URL the tool usually resumes at the first one, so that one is shown.
 */
export function WizardSkeleton({ lang, step = WIZARD_STEPS[0] }: { lang: Lang; step?: WizardStep | undefined }) {
  const t = useT(lang);
  return (
    <div className="kp-container kp-narrow kp-biz kp-wizard" data-page="bonus-wizard" data-wizard-skeleton>
      <div aria-busy="true" data-block="wizard" data-state="loading">
        <h1>{t("biz.wizard.title")}</h1>
        <StepProgress lang={lang} current={step} />
        <section className="kp-wizard__step" aria-labelledby="kp-wizard-step" data-step={step}>
          <h2 id="kp-wizard-step">
            <span className="kp-wizard__count">{t("biz.wizard.stepOf", { n: WIZARD_STEPS.indexOf(step) + 1, total: WIZARD_STEPS.length })}</span>{" "}
            {t(`biz.wizard.step.${step}`)}
          </h2>
          <Skeleton lines={6} label={t("common.loading")} />
        </section>
      </div>
    </div>
  );
}
