import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../core/api/errors.ts";
import { recheckShown } from "../../../core/validation/recheck-shown.ts";
import { compareClaim, recordedReference, validateClaimReason } from "../../../core/business/claim-check.ts";
import { validatePeriod } from "../../../core/business/claim-rules.ts";
import {
  allowedStep,
  claimInput,
  claimVolumeHl,
  emptyWizard,
  nextStep,
  previousStep,
  resumeStep,
  stepErrors,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
} from "../../../core/business/bonus-wizard.ts";
import { clearDraft, loadDraft, saveDraft } from "../../../core/business/wizard-storage.ts";
import { localizedPath, type Lang } from "../../../core/i18n/locale.ts";
import type { FieldError as Refusal } from "../../../core/validation/field-error.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { AttachmentStep } from "./AttachmentStep.tsx";
import { ConfirmationStep } from "./ConfirmationStep.tsx";
import { openClaimPeriods } from "../../../core/business/claim-periods.ts";
import { NothingToClaim } from "./NothingToClaim.tsx";
import { PeriodStep } from "./PeriodStep.tsx";
import { ReviewStep } from "./ReviewStep.tsx";
import { StepProgress } from "./StepProgress.tsx";
import { VolumeStep } from "./VolumeStep.tsx";
import { WholesalerStep } from "./WholesalerStep.tsx";
import { WizardSkeleton } from "./WizardSkeleton.tsx";
import { hasAnswered } from "../../../core/stores/resource.ts";
import { loadWizardData, type WizardData } from "./wizard-context.ts";
import { useWizardLocation } from "./use-wizard-location.ts";

/**
 * The quarter the bonus overview offered (`?periode=2026-Q2` on its "Aanvragen" link) as the chosen
 * period, unless a claim is already under way or the quarter cannot be claimed.
 */
function withOfferedPeriod(state: WizardState, data: WizardData): WizardState {
  const offered = new URLSearchParams(window.location.search).get("periode");
  if (!offered || state.claimId || validatePeriod(offered, data.ctx.today, data.ctx.takenPeriods).length > 0) return state;
  return { ...state, period: offered };
}

/** The bonus tool: one step per URL, the draft kept in localStorage, no step reachable past an invalid one. */
export function BonusWizard({ lang, initialStep }: { lang: Lang; initialStep: WizardStep | undefined }) {
  const t = useT(lang);
  const { account } = useBusinessApi(lang);
  const data = useBusinessResource<WizardData>(lang, (calls) => loadWizardData(calls));
  // The first load keeps the page's loading shape, so the title and steps stay where they were painted.
  if (!hasAnswered(data.state)) return <WizardSkeleton lang={lang} step={initialStep} />;
  return (
    <div className="kp-container kp-narrow kp-biz kp-wizard" data-page="bonus-wizard">
      <Block lang={lang} name="wizard" state={data.state} onRetry={data.reload} lines={6}>
        {(loaded) => <Wizard lang={lang} account={account} data={loaded} initialStep={initialStep} />}
      </Block>
      <p className="kp-wizard__close">
        <a href={localizedPath(lang, "/mijn-account/bonus-overzicht")}>{t("biz.wizard.close")}</a>
      </p>
    </div>
  );
}

type WizardProps = { lang: Lang; account: string; data: WizardData; initialStep: WizardStep | undefined };

function Wizard({ lang, account, data, initialStep }: WizardProps) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  const { step: urlStep, go } = useWizardLocation(lang);
  const [state, setState] = useState<WizardState>(() => withOfferedPeriod(loadDraft(localStorage, account), data));
  // Refusals belong to the step they were found on; moving on leaves them behind.
  const [refusals, setRefusals] = useState<{ step: WizardStep | undefined; list: Refusal[] }>({ step: undefined, list: [] });
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmedClaim = new URLSearchParams(window.location.search).get("claim");
  const wanted = urlStep ?? initialStep ?? resumeStep(state, data.ctx);
  const step: WizardStep = wanted === "bevestiging" && confirmedClaim ? "bevestiging" : allowedStep(wanted, state, data.ctx);

  // A skipped or unknown step: put the URL where the user really is.
  useEffect(() => {
    if (urlStep !== step) go(step, { replace: true, ...(step === "bevestiging" && confirmedClaim ? { search: `?claim=${encodeURIComponent(confirmedClaim)}` } : {}) });
  }, [urlStep, step, go, confirmedClaim]);

  // Every change is saved at once, so a reload or a token refresh loses nothing.
  useEffect(() => {
    if (!confirmedClaim) saveDraft(localStorage, account, state);
  }, [account, state, confirmedClaim]);

  // Focus follows the step for screen readers and keyboards; not on arrival, where the page starts at the top.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  const errors = refusals.step === step ? refusals.list : [];
  const setErrors = (list: Refusal[]) => setRefusals({ step, list });

  const change = (next: Partial<WizardState>) => setState((current) => ({ ...current, ...next }));

  // A refused field is checked again after every change (during render, not in an effect, so the
  // stale message is never painted), so a fixed one (a statement uploaded) stops showing red.
  const [checkedState, setCheckedState] = useState(state);
  if (checkedState !== state) {
    setCheckedState(state);
    if (refusals.step !== undefined && refusals.list.length > 0) {
      setRefusals({ step: refusals.step, list: recheckShown(refusals.list, stepErrors(refusals.step, state, data.ctx)) });
    }
  }

  async function forward() {
    const found = stepErrors(step, state, data.ctx);
    if (found.length > 0) {
      setErrors(found);
      return;
    }
    if (step === "volumes") {
      const saved = await saveDraftClaim();
      if (!saved) return;
    }
    const next = nextStep(step);
    if (next) go(next);
  }

  /** Saves the volumes as the period's draft claim (the statements are uploaded to it). */
  async function saveDraftClaim(): Promise<boolean> {
    const input = claimInput(state, data.ctx.productIds);
    setBusy(true);
    try {
      const claim = await calls.saveClaim(input);
      if (!claim) return false;
      change({
        claimId: claim.id,
        savedInput: JSON.stringify(input),
        attachmentCounts: Object.fromEntries(claim.wholesalers.map((w) => [w.wholesalerId, w.attachmentCount])),
      });
      return true;
    } catch (error) {
      const quota = error instanceof ApiError ? error.quota : undefined;
      setErrors(
        error instanceof ApiError && error.validation
          ? error.validation.errors
          : [{ field: "claim", code: quota ?? "not_saved" }],
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    if (!state.claimId) return;
    // A claim far from the recorded volume needs a reason before it goes (the API refuses it too).
    const input = claimInput(state, data.ctx.productIds);
    const comparison = compareClaim(claimVolumeHl(input, data.products), recordedReference(data.claims, input.period));
    const refused = validateClaimReason(comparison, state.reason);
    if (refused.length > 0) {
      setErrors(refused);
      return;
    }
    const reason = comparison.far ? state.reason?.trim() : undefined;
    setBusy(true);
    try {
      const claim = await calls.submitClaim(state.claimId, reason ? { reason } : {});
      if (!claim) return;
      clearDraft(localStorage, account);
      setState(emptyWizard());
      go("bevestiging", { search: `?claim=${encodeURIComponent(claim.id)}` });
    } catch (error) {
      setErrors(error instanceof ApiError && error.validation ? error.validation.errors : [{ field: "claim", code: "not_submitted" }]);
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    clearDraft(localStorage, account);
    setState(emptyWizard());
    go("periode");
  }

  // Every open quarter is claimed and no claim is under way: no steps to walk, only when it opens again.
  if (step === "periode" && !state.claimId && openClaimPeriods(data.ctx.today, data.ctx.takenPeriods).length === 0) {
    return <NothingToClaim lang={lang} today={data.ctx.today} />;
  }

  const index = WIZARD_STEPS.indexOf(step);
  const back = previousStep(step);
  const common = { lang, state, data, errors, change };

  return (
    <>
      <h1>{t("biz.wizard.title")}</h1>
      <StepProgress lang={lang} current={step} />
      <section className="kp-wizard__step" aria-labelledby="kp-wizard-step" data-step={step}>
        <h2 id="kp-wizard-step" ref={heading} tabIndex={-1}>
          <span className="kp-wizard__count">{t("biz.wizard.stepOf", { n: index + 1, total: WIZARD_STEPS.length })}</span>{" "}
          {t(`biz.wizard.step.${step}`)}
        </h2>
        {errors.length > 0 && (
          <div className="kp-alert kp-alert--error" role="alert" data-error-summary>
            <h3>{t("biz.errorSummary")}</h3>
          </div>
        )}
        {step === "periode" && <PeriodStep {...common} />}
        {step === "groothandels" && <WholesalerStep {...common} />}
        {step === "volumes" && <VolumeStep {...common} />}
        {step === "bijlagen" && <AttachmentStep {...common} calls={calls} />}
        {step === "controleren" && <ReviewStep {...common} />}
        {step === "bevestiging" && <ConfirmationStep lang={lang} claimId={confirmedClaim ?? ""} />}
      </section>
      {step !== "bevestiging" && (
        <div className="kp-biz-actions kp-wizard__nav">
          {back && (
            <button type="button" className="kp-button" onClick={() => go(back)} disabled={busy}>
              {t("biz.wizard.previous")}
            </button>
          )}
          {step === "controleren" ? (
            <button type="button" className="kp-button kp-button--primary" onClick={() => void submit()} disabled={busy} data-action="submit">
              {busy ? t("biz.wizard.saving") : t("biz.wizard.submit")}
            </button>
          ) : (
            <button type="button" className="kp-button kp-button--primary" onClick={() => void forward()} disabled={busy} data-action="next">
              {busy ? t("biz.wizard.saving") : t("biz.wizard.next")}
            </button>
          )}
          <button type="button" className="kp-link-button" onClick={restart} disabled={busy}>
            {t("biz.wizard.restart")}
          </button>
        </div>
      )}
    </>
  );
}
