import type { Permission } from "../api/schemas/common.ts";
import type { AccountGrant, RoleName } from "../api/schemas/people-requests.ts";
import type { ValidationCode } from "../validation/field-error.ts";
import { roleMatches } from "./roles.ts";
import { createRefusal, type Member } from "./user-management.ts";

/**
 * An invitation to several accounts at once (docs/api-people.md, "Invitations"): each account is
 * checked on its own by the rules of adding one colleague there, and the invitation is made for all
 * of them or for none. One rule, read by the stand-in (which refuses) and the add-user form (which
 * says so beside the account before anything is sent).
 */

/** What one account of the invitation gives: its role and permissions, resolved. */
export type ResolvedGrant = { accountNumber: string; role: RoleName | undefined; permissions: Permission[] };

/** The field a refusal about one account names: `grants.<accountNumber>`, beside that account in the form. */
export const grantField = (accountNumber: string): string => `grants.${accountNumber}`;

/**
 * The accounts a request invites to, each with its own role and permissions or else the shared ones.
 * Without `grants`, the one account the request is made on (as before the addition).
 */
export function resolveGrants(
  shared: { role?: RoleName | undefined; permissions: readonly Permission[]; grants?: readonly AccountGrant[] | undefined },
  accountNumber: string,
): ResolvedGrant[] {
  const unique = (codes: readonly Permission[]): Permission[] => [...new Set(codes)];
  const grants = shared.grants ?? [{ accountNumber }];
  return grants.map((grant) =>
    "permissions" in grant && grant.permissions !== undefined
      ? { accountNumber: grant.accountNumber, role: grant.role, permissions: unique(grant.permissions) }
      : { accountNumber: grant.accountNumber, role: shared.role, permissions: unique(shared.permissions) },
  );
}

/** What the check of one account needs to know about it. */
export type GrantContext = {
  /** The inviter manages this account's users (GEBRUIKERSBEHEER or ADMINISTRATOR there, not deactivated). */
  manages: boolean;
  /** The inviter as a member of this account. */
  actor: Member;
  /** The address already has access to this account. */
  linked: boolean;
  /** The address has a running invitation to this account. */
  invited: boolean;
};

export type GrantRefusal = { code: ValidationCode; field: string; status: 400 | 403 };

/**
 * Why the inviter may not invite to this account with these permissions, or undefined. In an
 * invitation to several (`many`) every refusal names the account (`grants.<n>`); a single one keeps
 * the fields it always had (role, permissions, email).
 */
export function grantRefusal(grant: ResolvedGrant, context: GrantContext, many: boolean): GrantRefusal | undefined {
  const field = (own: string): string => (many ? grantField(grant.accountNumber) : own);
  if (!context.manages) return { code: "account_not_managed", field: field("accountNumber"), status: 403 };
  if (!roleMatches(grant.role, grant.permissions)) return { code: "role_permissions", field: field("role"), status: 400 };
  const rule = createRefusal(context.actor, grant.permissions);
  if (rule) return { code: rule.code, field: field(rule.field), status: rule.status };
  if (context.linked) return { code: "already_linked", field: field("email"), status: 400 };
  if (context.invited) return { code: "already_invited", field: field("email"), status: 400 };
  return undefined;
}

/**
 * All or nothing: the refusals of every account, as the API answers them. Any 403 (a right the
 * inviter lacks somewhere) answers 403 with those; else 400 with all the others; none: undefined.
 */
export function combinedRefusal(refusals: readonly (GrantRefusal | undefined)[]): { status: 400 | 403; errors: { field: string; code: ValidationCode }[] } | undefined {
  const found = refusals.filter((refusal): refusal is GrantRefusal => refusal !== undefined);
  if (found.length === 0) return undefined;
  const status = found.some((refusal) => refusal.status === 403) ? 403 : 400;
  return { status, errors: found.filter((refusal) => refusal.status === status).map(({ field, code }) => ({ field, code })) };
}
