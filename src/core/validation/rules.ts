import * as v from "valibot";
import { MAX_TEXT_LENGTH, type ValidationCode } from "./field-error.ts";
import { isPlainName } from "./plain-name.ts";

/**
 * Field rules as valibot pipes whose messages are validation codes (`validation.<code>` in the
 * dictionaries), for the request schemas of the contract. They check the trimmed text but leave the
 * value as sent: storing it in its normal form is the API's job.
 */

const filled = (text: string): boolean => text.trim() !== "";

/** A required text: present after trimming and not longer than MAX_TEXT_LENGTH. */
export const requiredText = () =>
  v.pipe(
    v.string(),
    v.check(filled, "required" satisfies ValidationCode),
    v.check((text) => text.trim().length <= MAX_TEXT_LENGTH, "too_long" satisfies ValidationCode),
  );

/**
 * A required name (a person's first or last name, a company name) that reaches a mail or another
 * person's screen: a required text without a web address or phone number in it (`plain_name`).
 */
export const requiredName = () =>
  v.pipe(requiredText(), v.check((text) => isPlainName(text), "plain_name" satisfies ValidationCode));

/** A required text for which `rule` holds (on the trimmed text), else `code`. */
export const requiredFormat = (rule: (text: string) => boolean, code: ValidationCode) =>
  v.pipe(v.string(), v.check(filled, "required" satisfies ValidationCode), v.check((text) => rule(text.trim()), code));

/** A text that may be empty or null; when given, `rule` holds (on the trimmed text), else `code`. */
export const optionalFormat = (rule: (text: string) => boolean, code: ValidationCode) =>
  v.nullable(v.pipe(v.string(), v.check((text) => !filled(text) || rule(text.trim()), code)));

/**
 * A rule for a field that applies only when `applies(input)` holds (a post address only when it
 * differs): reported on `field`, also when other fields are refused, as long as the fields it reads
 * (`reads`, including `field`) have the right types.
 */
export function ruleWhen<Input extends Record<string, unknown>>(
  field: keyof Input & string,
  reads: readonly (keyof Input & string)[],
  applies: (input: Input) => boolean,
  rule: v.GenericSchema,
) {
  const codeOf = (input: Input): string | undefined => {
    if (!applies(input)) return undefined;
    const result = v.safeParse(rule, input[field] ?? "", { abortPipeEarly: true });
    return result.success ? undefined : result.issues[0].message;
  };
  // The paths are checked against the object's keys by the signature above; valibot's own path
  // types cannot follow a list built at run time.
  const paths = [...reads, field].map((key) => [key]) as never;
  const check = v.partialCheck<Record<string, unknown>, [["field"]], Record<string, unknown>, (issue: v.PartialCheckIssue<Record<string, unknown>>) => string>(
    paths,
    (input) => codeOf(input as Input) === undefined,
    (issue) => codeOf(issue.input as Input) ?? "invalid",
  );
  return v.forward(check as unknown as v.BaseValidation<Input, Input, v.BaseIssue<unknown>>, [field] as never);
}
