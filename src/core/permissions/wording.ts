import type { Permission } from "../api/schemas/common.ts";
import type { RoleName } from "../api/schemas/people-requests.ts";
import { translate } from "../i18n/index.ts";
import type { Lang } from "../i18n/locale.ts";

/**
 * What a permission lets a colleague see and do in this portal, in the customer's words, keyed by
 * code (texts: `portal.permission.<CODE>` in src/core/i18n/account.ts). The portal owns this wording:
 * the API's catalogue (GET /userpermissions) describes the supplier's own back-office powers
 * ("Facturen genereren, versturen en beheren"), which a customer's colleague never has here, so its
 * names and descriptions are not shown; the catalogue still decides which codes are offered.
 */
export const permissionName = (code: Permission, lang: Lang): string => translate(lang, `portal.permission.${code}`);

/** A role preset's name and what it allows in plain words (`portal.role.<ROLE>`, src/core/i18n/team.ts). */
export const roleName = (role: RoleName, lang: Lang): string => translate(lang, `portal.role.${role}`);

export const roleDescription = (role: RoleName, lang: Lang): string => translate(lang, `portal.role.${role}.description`);

export const permissionDescription = (code: Permission, lang: Lang): string => translate(lang, `portal.permission.${code}.description`);
