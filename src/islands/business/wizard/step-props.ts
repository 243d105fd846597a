import type { WizardState } from "../../../core/business/bonus-wizard.ts";
import { errorsByField } from "../../../core/business/tht-form.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import type { FieldError } from "../../../core/validation/field-error.ts";
import { errorMessage } from "../../shared/messages.ts";
import type { WizardData } from "./wizard-context.ts";

/** What every step gets: the draft, the API data, the refused fields and a way to change the draft. */
export type StepProps = {
  lang: Lang;
  state: WizardState;
  data: WizardData;
  errors: readonly FieldError[];
  change: (next: Partial<WizardState>) => void;
};

/** The message for a field of the step, or undefined; `scope` picks a field-specific text. */
export function fieldMessage(lang: Lang, errors: readonly FieldError[], field: string, scope?: string): string | undefined {
  const code = errorsByField(errors).get(field);
  return code ? errorMessage(lang, code, scope) : undefined;
}
