import { useCallback, useEffect, useState } from "react";
import { isWizardStep, type WizardStep } from "../../../core/business/bonus-wizard.ts";
import { localizedPath, type Lang } from "../../../core/i18n/locale.ts";
import { scrollToTop } from "../../shared/scroll-top.ts";

const stepFromPath = (): WizardStep | undefined => {
  const last = window.location.pathname.split("/").pop() ?? "";
  return isWizardStep(last) ? last : undefined;
};

/**
 * The step in the URL (`/bonus/volumes`). Moving on pushes a history entry so back and forward walk
 * the steps; a correction (a skipped step sent back) replaces it. Each move, back and forward
 * included, starts at the top of the step (the browser's own scroll restoration is off meanwhile:
 * it would put the new step at the old one's scroll position).
 */
export function useWizardLocation(lang: Lang): {
  step: WizardStep | undefined;
  go: (step: WizardStep, options?: { replace?: boolean; search?: string }) => void;
} {
  const [step, setStep] = useState<WizardStep | undefined>(stepFromPath);
  useEffect(() => {
    const restoration = window.history.scrollRestoration;
    window.history.scrollRestoration = "manual";
    const onPop = () => {
      setStep(stepFromPath());
      scrollToTop();
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      window.history.scrollRestoration = restoration;
    };
  }, []);
  const go = useCallback(
    (next: WizardStep, options: { replace?: boolean; search?: string } = {}) => {
      const url = `${localizedPath(lang, `/bonus/${next}`)}${options.search ?? ""}`;
      if (options.replace) window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
      setStep(next);
      scrollToTop();
    },
    [lang],
  );
  return { step, go };
}
