/**
 * The people side of the stand-in API (docs/api-people.md): consent, accounts, the own profile, and
 * user management (user-management.ts). Every answer has the shape of a schema in src/core/api/schemas/people.ts; every
 * body is checked with that file's schemas and the rules in src/core/validation/.
 */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { AccountSchema, type Account, type AccountDetails, type ConsentStatus, type ContactPerson, type UserProfile } from "../../../src/core/api/schemas/people.ts";
import { AccountUpdateSchema, ProfileUpdateSchema, type AccountUpdate } from "../../../src/core/api/schemas/people-requests.ts";
import { findContractTerms } from "../../db/business/contract.ts";
import { normalizeEmail } from "../../../src/core/validation/email.ts";
import { formatIban } from "../../../src/core/validation/iban.ts";
import { toE164 } from "../../../src/core/validation/phone.ts";
import { formatPostalCode } from "../../../src/core/validation/postal-code.ts";
import { compactVatNumber } from "../../../src/core/validation/vat.ts";
import type { StackConfig } from "../../../dev/lib/stack-config.ts";
import { type StoredAccount, updateAccount } from "../../db/people/accounts.ts";
import { linksOf } from "../../db/people/links.ts";
import { findUserById, setConsent, updateUserDetails } from "../../db/people/users.ts";
import { HttpError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import type { ContactPersonSeed } from "../../seed/people.ts";
import { PATHS, type Route } from "../route.ts";
import { langOf } from "./business/shared.ts";
import { accountOf, callerOf, readBody, storedAccount } from "./people-request.ts";
import { userManagementRoutes } from "./user-management.ts";
import { activityRoutes, logAsCaller } from "./activity.ts";
import { enforceStepUp, mailMoneyChange } from "./money-change.ts";
import { notificationPreferenceRoutes } from "./notification-preferences.ts";
import { maskIban } from "../../../src/core/validation/iban.ts";

// ---- consent ------------------------------------------------------------------------------------

function consentStatus(db: DatabaseSync, userId: string): ConsentStatus {
  const user = findUserById(db, userId);
  return { consented: Boolean(user?.consentedAt), consentedAt: user?.consentedAt ?? null };
}

// ---- accounts -----------------------------------------------------------------------------------

const imageUrl = (config: StackConfig, imagePath: string): string => `http://localhost:${config.backendPort}/images/${imagePath}`;

/** A contact person as the API shows them: the job title in the language the `locale` asks for. */
function contactPerson(config: StackConfig, seed: ContactPersonSeed | null, lang: "nl" | "en"): ContactPerson | null {
  if (!seed) return null;
  const { imagePath, titleEn, ...rest } = seed;
  // A person stored before the English titles existed keeps the Dutch one.
  return { ...rest, title: lang === "en" ? (titleEn ?? rest.title) : rest.title, image: imageUrl(config, imagePath) };
}

/** The account without its people and contract; valibot's object drops the extra keys (and checks the rest). */
const plainAccount = (stored: StoredAccount): Account => v.parse(AccountSchema, stored);

/** Trims texts, empties optional ones to null and writes numbers the way the register prints them. */
function normalizeAccount(update: AccountUpdate): AccountUpdate {
  const optional = (text: string | null): string | null => (text?.trim() ? text.trim() : null);
  const postal = (text: string | null): string | null => (text?.trim() ? formatPostalCode(text) : null);
  return {
    ...update,
    name: update.name.trim(),
    alternativename: optional(update.alternativename),
    address1line1: update.address1line1.trim(),
    address1line2: optional(update.address1line2),
    address1line3: optional(update.address1line3),
    address1city: update.address1city.trim(),
    address1postalcode: formatPostalCode(update.address1postalcode),
    address2line1: optional(update.address2line1),
    address2line2: optional(update.address2line2),
    address2line3: optional(update.address2line3),
    address2city: optional(update.address2city),
    address2postalcode: postal(update.address2postalcode),
    postalBoxNumber: optional(update.postalBoxNumber),
    // One normal form (E.164), whatever way it was typed: the same number always reads the same.
    telephone: toE164(update.telephone) ?? update.telephone.trim(),
    emailaddress1: normalizeEmail(update.emailaddress1),
    emailaddress2: optional(update.emailaddress2)?.toLowerCase() ?? null,
    emailinvoicecc: optional(update.emailinvoicecc)?.toLowerCase() ?? null,
    invoiceto: optional(update.invoiceto),
    vatNumber: compactVatNumber(update.vatNumber),
    ibanNumber: formatIban(update.ibanNumber),
    chamberOfCommerceNumber: update.chamberOfCommerceNumber.trim(),
  };
}

// ---- own profile --------------------------------------------------------------------------------

function profileOf(db: DatabaseSync, userId: string): UserProfile {
  const user = findUserById(db, userId);
  if (!user) throw new HttpError(401, { statusCode: 401 });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phonenumber: user.phone,
    organisation: linksOf(db, userId).map((link) => link.accountNumber),
    updatedAt: new Date(user.updatedAt * 1000).toISOString(),
  };
}

// ---- routes -------------------------------------------------------------------------------------

export const peopleRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.users,
    access: "user-no-consent",
    handle: (ctx) => consentStatus(ctx.db, callerOf(ctx).userId),
  },
  {
    method: "POST",
    path: PATHS.users,
    access: "user-no-consent",
    handle: (ctx) => {
      const caller = callerOf(ctx);
      setConsent(ctx.db, caller.userId, clock.nowIso());
      return consentStatus(ctx.db, caller.userId);
    },
  },
  {
    method: "GET",
    path: PATHS.accounts,
    access: "user",
    handle: (ctx): Account[] =>
      [...callerOf(ctx).permissions.keys()].sort().map((number) => plainAccount(storedAccount(ctx.db, number))),
  },
  {
    method: "GET",
    path: PATHS.accountDetails,
    access: "user",
    accountScoped: true,
    handle: (ctx): AccountDetails => {
      const accountNumber = accountOf(ctx);
      const stored = storedAccount(ctx.db, accountNumber);
      const held = callerOf(ctx).permissions.get(accountNumber) ?? [];
      const details: AccountDetails = {
        ...plainAccount(stored),
        accountmanager: contactPerson(ctx.config, stored.accountmanager, langOf(ctx.url)),
        salesSupport: contactPerson(ctx.config, stored.salesSupport, langOf(ctx.url)),
      };
      if (held.includes("SAMENWERKINGSOVEREENKOMST") || held.includes("ADMINISTRATOR")) details.salescontract = findContractTerms(ctx.db, accountNumber);
      ctx.res.setHeader("cache-control", "no-store");
      return details;
    },
  },
  {
    method: "PUT",
    path: PATHS.accounts,
    access: "user",
    permissions: ["HOOFDDATA"],
    handle: async (ctx): Promise<Account> => {
      const accountNumber = accountOf(ctx);
      const update = await readBody(ctx, AccountUpdateSchema);
      const before = plainAccount(storedAccount(ctx.db, accountNumber));
      const normalized = normalizeAccount(update);
      // The bank account or where invoices go: only with a sign-in of the last five minutes (403 step_up_required).
      const moneyFields = enforceStepUp(ctx, before, normalized);
      updateAccount(ctx.db, accountNumber, normalized);
      const after = plainAccount(storedAccount(ctx.db, accountNumber));
      mailMoneyChange(ctx, accountNumber, before, after, moneyFields);
      // One log row per changed field, old and new; the bank account only by its last four characters.
      for (const field of Object.keys(update) as (keyof typeof before & keyof typeof update)[]) {
        const shown = (value: unknown): string | null => (value === null || value === undefined ? null : field === "ibanNumber" ? maskIban(String(value)) : String(value));
        if (shown(before[field]) !== shown(after[field])) logAsCaller(ctx, accountNumber, "account_changed", { field, oldValue: shown(before[field]), newValue: shown(after[field]) });
      }
      return after;
    },
  },
  {
    method: "GET",
    path: PATHS.contacts,
    access: "user",
    handle: (ctx) => profileOf(ctx.db, callerOf(ctx).userId),
  },
  {
    method: "PUT",
    path: PATHS.contacts,
    access: "user",
    handle: async (ctx): Promise<UserProfile> => {
      const caller = callerOf(ctx);
      const update = await readBody(ctx, ProfileUpdateSchema);
      updateUserDetails(
        ctx.db,
        caller.userId,
        { firstName: update.firstName.trim(), lastName: update.lastName.trim(), phone: toE164(update.phonenumber) ?? update.phonenumber },
        clock.nowSeconds(),
      );
      return profileOf(ctx.db, caller.userId);
    },
  },
  ...userManagementRoutes,
  ...activityRoutes,
  ...notificationPreferenceRoutes,
];
