import * as v from "valibot";
import { PermissionSchema, type Permission } from "../api/schemas/common.ts";

/** The custom block under the namespace claim (Auth0 style): account numbers and permissions per account. */
export const NamespaceClaimSchema = v.object({
  accountnumber: v.optional(v.array(v.string()), []),
  sitePermissions: v.optional(
    v.array(
      v.object({
        accountNumber: v.string(),
        // Unknown codes from a newer provider are dropped rather than failing the sign-in.
        permissions: v.pipe(
          v.array(v.string()),
          v.transform((codes) => codes.filter((code) => v.is(PermissionSchema, code)) as v.InferOutput<typeof PermissionSchema>[]),
        ),
      }),
    ),
    [],
  ),
});
export type SitePermission = v.InferOutput<typeof NamespaceClaimSchema>["sitePermissions"][number];

/** The signed-in person as the portal sees them, from ID token and userinfo claims. */
export type AuthUser = {
  sub: string;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Bumped by the provider whenever profile or permissions change. */
  updatedAt: string | number | undefined;
  accountNumbers: string[];
  sitePermissions: SitePermission[];
};

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** Reads an AuthUser from an oidc profile; `claimNamespace` is the runtime setting `auth.claimNamespace`. */
export function userFromProfile(profile: Record<string, unknown>, claimNamespace: string): AuthUser {
  const custom = v.safeParse(NamespaceClaimSchema, profile[claimNamespace] ?? {});
  const block = custom.success ? custom.output : { accountnumber: [], sitePermissions: [] };
  const firstName = str(profile["given_name"]);
  const lastName = str(profile["family_name"]);
  const updated = profile["updated_at"];
  return {
    sub: str(profile["sub"]),
    email: str(profile["email"]),
    firstName,
    lastName,
    name: str(profile["name"]) || [firstName, lastName].filter(Boolean).join(" ") || str(profile["email"]),
    updatedAt: typeof updated === "string" || typeof updated === "number" ? updated : undefined,
    accountNumbers: block.accountnumber,
    sitePermissions: block.sitePermissions,
  };
}

/** The permissions a user holds on one account, from the sitePermissions claim; none without an account. */
export function permissionsFor(sitePermissions: readonly SitePermission[], accountNumber: string | undefined): Permission[] {
  if (!accountNumber) return [];
  return sitePermissions.find((entry) => entry.accountNumber === accountNumber)?.permissions ?? [];
}
