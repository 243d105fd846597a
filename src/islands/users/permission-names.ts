import type { Permission } from "../../core/api/schemas/common.ts";
import type { PermissionCatalogue } from "../../core/api/schemas/people.ts";
import type { Lang } from "../../core/i18n/locale.ts";

/** A permission's name in the page's language from the catalogue; the code when the catalogue lacks it. */
export function permissionName(catalogue: PermissionCatalogue, code: Permission, lang: Lang): string {
  return catalogue.find((entry) => entry.code === code)?.name[lang] ?? code;
}
