// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { WizardStep } from "../../../core/business/bonus-wizard.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { BonusWizard } from "./BonusWizard.tsx";
import "../business.css";

/** /bonus and /bonus/:step, full screen. Without a step the tool resumes where the draft is. */
export default function BonusWizardIsland({ lang, step }: { lang: Lang; step?: WizardStep | undefined }) {
  return (
    <PortalGuard lang={lang} screen="bonusTool">
      <BonusWizard lang={lang} initialStep={step} />
    </PortalGuard>
  );
}
