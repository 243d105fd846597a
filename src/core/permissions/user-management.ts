import type { Permission } from "../api/schemas/common.ts";
import type { ValidationCode } from "../validation/field-error.ts";

/**
 * Who may do what in an account's user management. One set of rules, read by the stand-in API
 * (which enforces them) and by the users screen (which offers only what they allow and shows why
 * not). The account's keys are held by its one main user and by the supplier's administrators:
 * only they change or remove the main user, grant or take away GEBRUIKERSBEHEER, or change their
 * own permissions. Anyone else with GEBRUIKERSBEHEER manages the other colleagues, so a delegated
 * user manager can never lock the owner out or raise their own rights.
 */

/** A person on the account, as far as these rules need to know. */
export type Member = { id: string; permissions: readonly Permission[]; isMainUser: boolean };

export const USER_RULE_CODES = [
  "self_delete",
  "own_user_management",
  "own_permissions",
  "last_user_manager",
  "administrator_protected",
  "main_user_protected",
  "main_user_remove",
  "main_user_manages",
  "user_management_protected",
  "already_main_user",
  "self_deactivate",
  "main_user_deactivate",
  "person_deactivated",
  "permission_not_held",
] as const satisfies readonly ValidationCode[];
export type UserRuleCode = (typeof USER_RULE_CODES)[number];

/**
 * Why an action is refused. `status` 403: the actor's role does not allow it (someone else on the
 * account could do it); 400: nobody may do it while the account is as it is.
 */
export type Refusal = { code: UserRuleCode; field: string; status: 400 | 403 };

const USER_MANAGEMENT: Permission = "GEBRUIKERSBEHEER";

const isAdministrator = (member: Pick<Member, "permissions">): boolean => member.permissions.includes("ADMINISTRATOR");

/** The main user and the supplier's administrators hold the account's keys. */
export const holdsKeys = (actor: Member): boolean => actor.isMainUser || isAdministrator(actor);

const managesUsers = (permissions: readonly Permission[]): boolean =>
  permissions.includes(USER_MANAGEMENT) || permissions.includes("ADMINISTRATOR");

const samePermissions = (a: readonly Permission[], b: readonly Permission[]): boolean =>
  a.length === b.length && a.every((permission) => b.includes(permission));

const refuse = (code: UserRuleCode, field: string, status: 400 | 403): Refusal => ({ code, field, status });

/** True when no one but `changed` (with `after` as their permissions, null when removed) would manage users. */
function leavesNoManager(members: readonly Member[], changed: Member, after: readonly Permission[] | null): boolean {
  return !members.some((member) => (member.id === changed.id ? after !== null && managesUsers(after) : managesUsers(member.permissions)));
}

/** Whether the actor may open the target for editing at all. */
export function editRefusal(actor: Member, target: Member): Refusal | undefined {
  if (isAdministrator(target) && !isAdministrator(actor)) return refuse("administrator_protected", "id", 403);
  if (target.isMainUser && !holdsKeys(actor)) return refuse("main_user_protected", "id", 403);
  return undefined;
}

/** Whether the actor may give the target exactly `next` as their permissions (details aside). */
export function changeRefusal(actor: Member, target: Member, next: readonly Permission[], members: readonly Member[]): Refusal | undefined {
  const whole = editRefusal(actor, target);
  if (whole) return whole;
  const before = target.permissions;
  if (samePermissions(before, next)) return undefined;
  const self = actor.id === target.id;
  const losesUserManagement = before.includes(USER_MANAGEMENT) && !next.includes(USER_MANAGEMENT);
  const changesUserManagement = losesUserManagement || (!before.includes(USER_MANAGEMENT) && next.includes(USER_MANAGEMENT));
  if (self && losesUserManagement) return refuse("own_user_management", "permissions", 400);
  if (self && !holdsKeys(actor)) return refuse("own_permissions", "permissions", 403);
  if (changesUserManagement && !holdsKeys(actor)) return refuse("user_management_protected", "permissions", 403);
  if (grantsUnheld(actor, next.filter((permission) => !before.includes(permission)))) return refuse("permission_not_held", "permissions", 403);
  if (target.isMainUser && losesUserManagement) return refuse("main_user_manages", "permissions", 400);
  if (leavesNoManager(members, target, next)) return refuse("last_user_manager", "permissions", 400);
  return undefined;
}

/**
 * True when the actor would hand out a permission they do not hold on the account themselves.
 * Nobody grants more than they hold; the key holders are exempt (the main user may take any
 * permission themselves, an administrator holds them all).
 */
const grantsUnheld = (actor: Member, granted: readonly Permission[]): boolean =>
  !holdsKeys(actor) && granted.some((permission) => !actor.permissions.includes(permission));

/** Whether the actor may add a colleague with these permissions. */
export function createRefusal(actor: Member, permissions: readonly Permission[]): Refusal | undefined {
  if (permissions.includes(USER_MANAGEMENT) && !holdsKeys(actor)) return refuse("user_management_protected", "permissions", 403);
  if (grantsUnheld(actor, permissions)) return refuse("permission_not_held", "permissions", 403);
  return undefined;
}

/** Whether the actor may remove the target from the account. */
export function removalRefusal(actor: Member, target: Member, members: readonly Member[]): Refusal | undefined {
  if (actor.id === target.id) return refuse("self_delete", "id", 400);
  const whole = editRefusal(actor, target);
  if (whole) return whole;
  if (target.isMainUser) return refuse("main_user_remove", "id", 400);
  if (target.permissions.includes(USER_MANAGEMENT) && !holdsKeys(actor)) return refuse("user_management_protected", "id", 403);
  if (leavesNoManager(members, target, null)) return refuse("last_user_manager", "id", 400);
  return undefined;
}

/**
 * Whether the actor may deactivate the target (no access, history kept): the rules of removal, since
 * to the account a deactivated person is as good as gone; `members` are the active ones. The main
 * user is handed over first; nobody deactivates themselves.
 */
export function deactivationRefusal(actor: Member, target: Member, members: readonly Member[]): Refusal | undefined {
  const refusal = removalRefusal(actor, target, members);
  if (refusal?.code === "self_delete") return { ...refusal, code: "self_deactivate" };
  if (refusal?.code === "main_user_remove") return { ...refusal, code: "main_user_deactivate" };
  return refusal;
}

/** Whether the actor may give a deactivated person access again: whoever may edit them. */
export const reactivationRefusal = (actor: Member, target: Member): Refusal | undefined => editRefusal(actor, target);

/** Whether the actor may make the target the account's main user (the current one stays as a colleague). */
export function handOverRefusal(actor: Member, target: Member): Refusal | undefined {
  if (!holdsKeys(actor)) return refuse("main_user_protected", "id", 403);
  if (target.isMainUser) return refuse("already_main_user", "id", 400);
  // The supplier's administrators are not the customer's people: they never own an account.
  if (isAdministrator(target)) return refuse("administrator_protected", "id", 400);
  return undefined;
}

/** The new main user's permissions: theirs, plus user management, which the main user always holds. */
export const mainUserPermissions = (permissions: readonly Permission[]): Permission[] =>
  permissions.includes(USER_MANAGEMENT) ? [...permissions] : [...permissions, USER_MANAGEMENT];

/**
 * The permissions of `offered` the actor may not switch from their current state, each with why:
 * every one is tried as a change (or, without a target, as a new colleague's grant) against the
 * rules above, so the form locks exactly what the API would refuse.
 */
export function lockedPermissions(
  actor: Member,
  target: Member | undefined,
  members: readonly Member[],
  offered: readonly Permission[],
): Map<Permission, UserRuleCode> {
  const locks = new Map<Permission, UserRuleCode>();
  for (const permission of offered) {
    let refusal: Refusal | undefined;
    if (!target) refusal = createRefusal(actor, [permission]);
    else {
      const has = target.permissions.includes(permission);
      const next = has ? target.permissions.filter((held) => held !== permission) : [...target.permissions, permission];
      refusal = changeRefusal(actor, target, next, members);
    }
    if (refusal) locks.set(permission, refusal.code);
  }
  return locks;
}
