import { WIZARD_STEPS, type WizardStep } from "../../../core/business/bonus-wizard.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

/** The steps as an ordered list; the current one is marked for screen readers (aria-current="step"). */
export function StepProgress({ lang, current }: { lang: Lang; current: WizardStep }) {
  const t = useT(lang);
  const at = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t("biz.wizard.steps")}>
      <ol className="kp-wizard__progress">
        {WIZARD_STEPS.map((step, i) => (
          <li key={step} className={i < at ? "is-done" : i === at ? "is-current" : undefined} aria-current={i === at ? "step" : undefined}>
            {t(`biz.wizard.step.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
