/**
 * Money changes on the account details (docs/api-people.md, "Step-up for money changes"): a change of
 * the bank account or of where invoices go needs a sign-in of at most five minutes ago (the token's
 * `auth_time` against the stand-in's clock, src/core/permissions/step-up.ts), and every main user of
 * the account hears of it by mail, whoever made it.
 */
import type { Account } from "../../../src/core/api/schemas/people.ts";
import { translate, type MessageKey } from "../../../src/core/i18n/index.ts";
import { signInIsFresh, STEP_UP_REQUIRED, stepUpFieldsChanged, type StepUpField } from "../../../src/core/permissions/step-up.ts";
import { formatMoment } from "../../../src/core/portal/person-state.ts";
import { maskEmail } from "../../../src/core/validation/email.ts";
import { maskIban } from "../../../src/core/validation/iban.ts";
import { inertForMail, quotedForMail } from "../../../src/core/validation/plain-name.ts";
import { siteUrl } from "../../../dev/lib/stack-config.ts";
import { colleaguesOf } from "../../db/people/links.ts";
import { sendMail } from "../../db/people/mail.ts";
import { findUserById } from "../../db/people/users.ts";
import { HttpError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import type { RouteContext } from "../route.ts";
import { callerOf } from "./people-request.ts";

/**
 * Refuses (403) an update that changes a money field when the caller's sign-in is older than five
 * minutes or unknown; returns the money fields it changes (empty: nothing to check or to tell).
 */
export function enforceStepUp(
  ctx: RouteContext,
  before: Account,
  after: { [K in StepUpField]: string | null },
): StepUpField[] {
  const changed = stepUpFieldsChanged(before, after);
  if (changed.length > 0 && !signInIsFresh(callerOf(ctx).authTime, clock.nowSeconds())) {
    throw new HttpError(403, {
      statusCode: 2,
      errors: changed.map((field) => ({ field, code: STEP_UP_REQUIRED })),
    });
  }
  return changed;
}

/** A money field's value as a mail may show it: the IBAN but for its last four characters, an address by its first letter and domain. */
function masked(field: StepUpField, value: string | null, lang: "nl" | "en"): string {
  if (value === null || value.trim() === "") return translate(lang, "mail.moneyChange.empty");
  return field === "ibanNumber" ? maskIban(value) : maskEmail(value);
}

/** Tells every main user of the account which money fields changed, by whom and when; Dutch, then English. */
export function mailMoneyChange(
  ctx: RouteContext,
  accountNumber: string,
  before: Account,
  after: Account,
  fields: readonly StepUpField[],
): void {
  if (fields.length === 0) return;
  const actor = findUserById(ctx.db, callerOf(ctx).userId);
  const at = clock.nowIso();
  const vars = (lang: "nl" | "en") => ({
    account: quotedForMail(after.name),
    actor: quotedForMail(actor ? `${actor.firstName} ${actor.lastName}` : after.name),
    actorEmail: actor?.email ?? "",
    when: formatMoment(at, lang),
    changes: fields
      .map(
        (field) =>
          `- ${translate(lang, `mail.moneyChange.field.${field}` as MessageKey)}: ${masked(field, before[field], lang)} → ${masked(field, after[field], lang)}`,
      )
      .join("\n"),
    site: siteUrl(ctx.config),
  });
  const mainUsers = colleaguesOf(ctx.db, accountNumber).filter(
    (colleague) => colleague.isMainUser && colleague.deactivatedAt === null,
  );
  for (const { user } of mainUsers) {
    const mailVars = (lang: "nl" | "en") => ({ ...vars(lang), firstName: inertForMail(user.firstName) });
    try {
      sendMail(
        ctx.db,
        {
          to: user.email,
          subject: translate("nl", "mail.moneyChange.subject", mailVars("nl")),
          body: `${translate("nl", "mail.moneyChange.body", mailVars("nl"))}\n\n---\n\n${translate("en", "mail.moneyChange.body", mailVars("en"))}`,
        },
        at,
      );
    } catch (error) {
      // The change stands (and is in the activity log); a failed warning must not undo it.
      console.error("[stand-in] money change mail failed", error);
    }
  }
}
