import type { Permission } from "../api/schemas/common.ts";
import type { RelatedContact } from "../api/schemas/colleagues.ts";
import type { Account } from "../api/schemas/people.ts";
import type { AccountGrant } from "../api/schemas/people-requests.ts";
import type { SitePermission } from "../auth/user.ts";
import { permissionsFor } from "../auth/user.ts";
import { isAllowed } from "../permissions/index.ts";
import { grantField, grantRefusal, resolveGrants } from "../permissions/outlet-grants.ts";
import { presetRefusal, ROLE_PRESETS, type PresetName } from "../permissions/roles.ts";
import type { FieldError, ValidationCode } from "../validation/field-error.ts";
import { normalizeEmail } from "../validation/email.ts";
import { isInvitation } from "./person-state.ts";
import { actorOn, asMember, isMe, type Me } from "./user-guards.ts";
import type { UserFormValues } from "./user-form.ts";

/**
 * The outlets of the add-user form: a colleague invited to several outlets at once. Shown to whoever manages the
 * users of two or more accounts: one choice of role and permissions in the form applies to every
 * outlet ticked, and each ticked outlet may take another role instead (a preset: per-location roles
 * as B2B portals offer them; a hand-ticked set per outlet is an edit afterwards). The API checks each
 * outlet by the same rule (src/core/permissions/outlet-grants.ts); the form says so beside the outlet.
 */

/** One outlet in the form: ticked or not, and its role there ("SAME": the form's shared choice). */
export type OutletChoice = { accountNumber: string; name: string; chosen: boolean; role: PresetName | "SAME" };

/**
 * The viewer's accounts whose users they manage (the users screen's own permission rule): the current
 * one first and ticked (the invitation's first account is where the person lands), then the others.
 */
export function outletChoices(
  accounts: readonly Pick<Account, "accountnumber" | "name">[],
  sitePermissions: readonly SitePermission[],
  current: string,
): OutletChoice[] {
  return accounts
    .filter((account) => isAllowed(["GEBRUIKERSBEHEER"], permissionsFor(sitePermissions, account.accountnumber)))
    .map((account): OutletChoice => ({ accountNumber: account.accountnumber, name: account.name, chosen: account.accountnumber === current, role: "SAME" }))
    .sort((a, b) => Number(b.chosen) - Number(a.chosen));
}

export const setChosen = (outlets: readonly OutletChoice[], accountNumber: string, chosen: boolean): OutletChoice[] =>
  outlets.map((outlet) => (outlet.accountNumber === accountNumber ? { ...outlet, chosen } : outlet));

export const setOutletRole = (outlets: readonly OutletChoice[], accountNumber: string, role: OutletChoice["role"]): OutletChoice[] =>
  outlets.map((outlet) => (outlet.accountNumber === accountNumber ? { ...outlet, role } : outlet));

/** The request's grants: each ticked outlet, with its own preset or else the shared choice. */
export const grantsOf = (outlets: readonly OutletChoice[]): AccountGrant[] =>
  outlets
    .filter((outlet) => outlet.chosen)
    .map((outlet) => (outlet.role === "SAME" ? { accountNumber: outlet.accountNumber } : { accountNumber: outlet.accountNumber, role: outlet.role, permissions: [...ROLE_PRESETS[outlet.role]] }));

/** What the form knows of each outlet: its people and invitations, once loaded (undefined until then: the API decides). */
export type OutletPeople = Readonly<Record<string, readonly RelatedContact[] | undefined>>;

/** The viewer on one outlet, as the user-management rules see them, when its people are known. */
type Viewer = { me: Me; held: (accountNumber: string) => readonly Permission[] };

/** The presets the rules would refuse the viewer on this outlet (not offered there), when its people are known. */
export function refusedPresets(accountNumber: string, people: OutletPeople, viewer: Viewer): PresetName[] {
  const list = people[accountNumber];
  if (!list) return [];
  const actor = actorOn(list, viewer.me, viewer.held(accountNumber));
  return (Object.keys(ROLE_PRESETS) as PresetName[]).filter((role) => presetRefusal(actor, undefined, list.map(asMember), role) !== undefined);
}

/**
 * The form's refusals about the outlets: none ticked; or, per ticked outlet whose people are known,
 * the API's own rule (`grantRefusal`) on what it would give there, named `grants.<accountNumber>`.
 */
export function outletRefusals(values: UserFormValues, outlets: readonly OutletChoice[], people: OutletPeople, viewer: Viewer): FieldError<ValidationCode>[] {
  const grants = grantsOf(outlets);
  if (grants.length === 0) return [{ field: "grants", code: "accounts_required" }];
  const email = values.email.trim() === "" ? "" : normalizeEmail(values.email);
  const same = (contact: RelatedContact): boolean => email !== "" && contact.email.toLowerCase() === email;
  const refusals: FieldError<ValidationCode>[] = [];
  for (const grant of resolveGrants({ ...values, grants }, "")) {
    const list = people[grant.accountNumber];
    if (!list) continue;
    const refusal = grantRefusal(
      grant,
      {
        manages: true,
        actor: actorOn(list, viewer.me, viewer.held(grant.accountNumber)),
        linked: list.some((contact) => !isInvitation(contact) && same(contact) && !isMe(contact, viewer.me)),
        invited: list.some((contact) => isInvitation(contact) && contact.state === "invited" && same(contact)),
      },
      true,
    );
    if (refusal) refusals.push({ field: grantField(grant.accountNumber), code: refusal.code });
  }
  return refusals;
}
