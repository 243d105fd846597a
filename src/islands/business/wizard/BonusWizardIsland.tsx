import type { WizardStep } from "../../../core/business/bonus-wizard.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { BonusWizard } from "./BonusWizard.tsx";
import { WizardSkeleton } from "./WizardSkeleton.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("bonusTool");

/** /bonus and /bonus/:step, full screen. Without a step the tool resumes where the draft is. */
export default function BonusWizardIsland({ lang, step }: { lang: Lang; step?: WizardStep | undefined }) {
  return (
    <PortalGuard lang={lang} screen="bonusTool" loading={<WizardSkeleton lang={lang} step={step} />}>
      <BonusWizard lang={lang} initialStep={step} />
    </PortalGuard>
  );
}
