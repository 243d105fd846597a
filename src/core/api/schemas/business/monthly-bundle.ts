import * as v from "valibot";
import { isEmail } from "../../../validation/email.ts";
import { optionalFormat } from "../../../validation/rules.ts";

/**
 * The main user's monthly bundle (addition): on the first working day of each month, a mail to the
 * bookkeeper's address with a link to the previous month's invoices as one ZIP (sign-in needed, no
 * attachment). `GET`/`PUT /invoices/monthly-bundle`, only for the account's main user.
 */
export const MonthlyBundleSchema = v.object({
  enabled: v.boolean(),
  /** The bookkeeper's e-mail address; null when none was given. */
  email: v.nullable(v.string()),
});
export type MonthlyBundle = v.InferOutput<typeof MonthlyBundleSchema>;

/** The PUT body: the address is required while the bundle is switched on (the site checks the same). */
export const MonthlyBundleInputSchema = v.pipe(
  v.object({ enabled: v.boolean(), email: optionalFormat(isEmail, "email") }),
  v.forward(
    v.check((input) => !input.enabled || (input.email ?? "").trim() !== "", "required"),
    ["email"],
  ),
);
export type MonthlyBundleInput = v.InferOutput<typeof MonthlyBundleInputSchema>;
