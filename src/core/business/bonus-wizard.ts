import * as v from "valibot";
import type { BonusClaimInput, Product } from "../api/schemas/business.ts";
import { validateClaimVolumes, validatePeriod, validateWholesalerChoice } from "./claim-rules.ts";
import type { FieldError } from "../validation/field-error.ts";

/**
 * The bonus tool's steps, in order; each is a URL (`/bonus/{slug}`, Dutch slugs in both languages
 * like every path). A step can only be shown when every step before it is valid.
 */
export const WIZARD_STEPS = ["periode", "groothandels", "volumes", "bijlagen", "controleren", "bevestiging"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const isWizardStep = (value: string): value is WizardStep => (WIZARD_STEPS as readonly string[]).includes(value);

/** What the user entered so far; kept in localStorage after every change. */
export const WizardStateSchema = v.object({
  period: v.optional(v.string()),
  wholesalerIds: v.array(v.string()),
  /** Quantities as typed, per wholesaler and product, so a half-typed value survives a reload. */
  quantities: v.record(v.string(), v.record(v.string(), v.string())),
  /** The saved draft claim (created when leaving the volumes step). */
  claimId: v.optional(v.string()),
  /** The claim input the draft was last saved with, to know when it must be saved again. */
  savedInput: v.optional(v.string()),
  /** Statements uploaded per wholesaler to the draft. */
  attachmentCounts: v.record(v.string(), v.number()),
  /** The customer's reason for a claim far from the recorded volume (asked on the review step). */
  reason: v.optional(v.string()),
  /** Set once the claim was submitted: only the confirmation is left. */
  submittedId: v.optional(v.string()),
});
export type WizardState = v.InferOutput<typeof WizardStateSchema>;

export const emptyWizard = (): WizardState => ({ wholesalerIds: [], quantities: {}, attachmentCounts: {} });

/** What the rules need besides the state: "today", taken periods, known wholesalers and products. */
export type WizardContext = {
  today: string;
  takenPeriods: ReadonlySet<string>;
  wholesalerIds: ReadonlySet<string>;
  productIds: readonly string[];
};

/** A typed quantity as a number: empty is 0; anything but digits is NaN (refused as "integer"). */
export function parseQuantity(text: string): number {
  const clean = text.trim();
  if (clean === "") return 0;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The claim as the API takes it, from the state (products without a quantity are left out, but a wholesaler always keeps a line). */
export function claimInput(state: WizardState, productIds: readonly string[]): BonusClaimInput {
  return {
    period: state.period ?? "",
    wholesalers: state.wholesalerIds.map((wholesalerId) => {
      const typed = state.quantities[wholesalerId] ?? {};
      const lines = productIds
        .map((productId) => ({ productId, quantity: parseQuantity(typed[productId] ?? "") }))
        .filter((line) => line.quantity !== 0);
      return { wholesalerId, lines };
    }),
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The claim's volume in hl as the API works it out: each line's units × litres, rounded to 0.01 hl. */
export function claimVolumeHl(input: BonusClaimInput, products: readonly Pick<Product, "id" | "litresPerUnit">[]): number {
  const litres = new Map(products.map((product) => [product.id, product.litresPerUnit]));
  const lines = input.wholesalers.flatMap((wholesaler) => wholesaler.lines);
  return round2(lines.reduce((sum, line) => sum + round2((line.quantity * (litres.get(line.productId) ?? 0)) / 100), 0));
}

/** True when the draft claim was saved with exactly the volumes in the state. */
const isDraftSaved = (state: WizardState, ctx: WizardContext): boolean =>
  !!state.claimId && state.savedInput === JSON.stringify(claimInput(state, ctx.productIds));

/** The refused fields of one step (field paths as the API names them). */
export function stepErrors(step: WizardStep, state: WizardState, ctx: WizardContext): FieldError[] {
  switch (step) {
    case "periode":
      return validatePeriod(state.period ?? "", ctx.today, ctx.takenPeriods);
    case "groothandels":
      return validateWholesalerChoice(state.wholesalerIds, ctx.wholesalerIds);
    case "volumes":
      return validateClaimVolumes(claimInput(state, ctx.productIds).wholesalers, new Set(ctx.productIds));
    case "bijlagen":
      if (!isDraftSaved(state, ctx)) return [{ field: "claim", code: "not_saved" }];
      return state.wholesalerIds.flatMap((id, i) =>
        (state.attachmentCounts[id] ?? 0) > 0 ? [] : [{ field: `wholesalers.${i}.attachments`, code: "required" }],
      );
    case "controleren":
      return state.submittedId ? [] : [{ field: "claim", code: "not_submitted" }];
    case "bevestiging":
      return [];
  }
}

/**
 * Where the user may be when asking for `target`: the target itself when every earlier step is
 * valid, else the first step that is not (a step cannot be skipped with invalid data). After
 * submission only the confirmation remains.
 */
export function allowedStep(target: WizardStep, state: WizardState, ctx: WizardContext): WizardStep {
  if (state.submittedId) return "bevestiging";
  const index = WIZARD_STEPS.indexOf(target);
  for (const step of WIZARD_STEPS.slice(0, index)) {
    if (step === "controleren") break;
    if (stepErrors(step, state, ctx).length > 0) return step;
    // The statements go to the saved draft: without one (or with volumes changed since), back to the volumes.
    if (step === "volumes" && !isDraftSaved(state, ctx)) return "volumes";
  }
  // The confirmation belongs to a submitted claim only.
  return target === "bevestiging" ? "controleren" : target;
}

/** The step to resume at (`/bonus` without a step): the first one not yet valid. */
export const resumeStep = (state: WizardState, ctx: WizardContext): WizardStep => allowedStep("controleren", state, ctx);

export const nextStep = (step: WizardStep): WizardStep | undefined => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1];
export const previousStep = (step: WizardStep): WizardStep | undefined => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1];
