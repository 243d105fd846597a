import type { Permission } from "../api/schemas/common.ts";
import { ROLE_NAMES, type RoleName } from "../api/schemas/people-requests.ts";
import { changeRefusal, createRefusal, type Member, type UserRuleCode } from "./user-management.ts";

/**
 * Role presets: a name over the seven permissions, so a main user picks "Boekhouder" instead of
 * ticking codes. The token still carries permissions, as the contract has it, and nobody's role is stored: a
 * person's role is read from their permissions (`roleOf`), so changing a preset's definition here
 * changes nobody's rights; people whose permissions no longer match a preset show as "Aangepast"
 * (custom) until someone picks a role for them, a visible action. Names and plain-words
 * descriptions: `portal.role.<ROLE>` (src/core/i18n/team.ts), read through wording.ts.
 */
export { ROLE_NAMES, type RoleName };

/** Every preset's permissions (CUSTOM has none of its own: the form's checkboxes decide). */
export const ROLE_PRESETS = {
  /** Eigenaar: everything the customer may hold (ADMINISTRATOR is the supplier's). */
  OWNER: ["HOOFDDATA", "GEBRUIKERSBEHEER", "DOCUMENTEN", "SAMENWERKINGSOVEREENKOMST", "FACTUREN", "BONUS"],
  /** Bedrijfsleider: runs the outlet's business, but does not manage the people. */
  MANAGER: ["HOOFDDATA", "DOCUMENTEN", "SAMENWERKINGSOVEREENKOMST", "FACTUREN", "BONUS"],
  /** Inkoper: what is bought and on what terms: price lists, the agreement, the bonus. */
  BUYER: ["DOCUMENTEN", "SAMENWERKINGSOVEREENKOMST", "BONUS"],
  /** Boekhouder: the invoices and the documents that go with them. */
  BOOKKEEPER: ["FACTUREN", "DOCUMENTEN"],
  /** Medewerker: the dashboard only. */
  STAFF: [],
} as const satisfies Record<Exclude<RoleName, "CUSTOM">, readonly Permission[]>;

/** The bookkeeper's permissions, for screens that speak of "the bookkeeper" (invoices, exports). */
export const BOOKKEEPER_PERMISSIONS: readonly Permission[] = ROLE_PRESETS.BOOKKEEPER;

export type PresetName = keyof typeof ROLE_PRESETS;
export const PRESET_NAMES = Object.keys(ROLE_PRESETS) as PresetName[];

const same = (a: readonly Permission[], b: readonly Permission[]): boolean => a.length === b.length && a.every((code) => b.includes(code));

/** A person's role: the preset their permissions are exactly (ADMINISTRATOR aside), else CUSTOM. */
export function roleOf(permissions: readonly Permission[]): RoleName {
  const own = permissions.filter((code) => code !== "ADMINISTRATOR");
  return PRESET_NAMES.find((name) => same(ROLE_PRESETS[name], own)) ?? "CUSTOM";
}

/** The permissions a chosen role gives (CUSTOM: the ones ticked). */
export const permissionsOfRole = (role: RoleName, ticked: readonly Permission[]): Permission[] =>
  role === "CUSTOM" ? [...ticked] : [...ROLE_PRESETS[role]];

/** True when a request's role and permissions agree (no role, or CUSTOM, always does). */
export const roleMatches = (role: RoleName | undefined, permissions: readonly Permission[]): boolean =>
  role === undefined || role === "CUSTOM" || same(ROLE_PRESETS[role], permissions.filter((code) => code !== "ADMINISTRATOR"));

/**
 * Why the actor may not give the target (or, without one, a new colleague) this preset: the
 * user-management rules tried on the preset's whole set, so the form offers exactly what the API takes.
 */
export function presetRefusal(actor: Member, target: Member | undefined, members: readonly Member[], role: PresetName): UserRuleCode | undefined {
  const next: Permission[] = [...(target?.permissions.includes("ADMINISTRATOR") ? (["ADMINISTRATOR"] as const) : []), ...ROLE_PRESETS[role]];
  const refusal = target ? changeRefusal(actor, target, next, members) : createRefusal(actor, next);
  return refusal?.code;
}
