import type { Permission } from "../api/schemas/common.ts";
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

export const permissionDescription = (code: Permission, lang: Lang): string => translate(lang, `portal.permission.${code}.description`);
