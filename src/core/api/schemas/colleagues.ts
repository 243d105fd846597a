import * as v from "valibot";
import { IsoDateTimeSchema, PermissionSchema } from "./common.ts";

/**
 * User management's part of the people API (docs/api-people.md): the permission catalogue, the
 * colleagues on an account with where each stands, invitations and the activity log. Apart from
 * people.ts because only the users and activity screens read them: the first portal page loads
 * people.ts (accounts) and none of these.
 */

const LocalizedTextSchema = v.object({ nl: v.string(), en: v.string() });

/**
 * GET /userpermissions: every permission code with its name and description in both languages.
 * `assignable` is false for ADMINISTRATOR, which the supplier grants, never a main user.
 */
export const PermissionCatalogueSchema = v.array(
  v.object({
    code: PermissionSchema,
    assignable: v.boolean(),
    name: LocalizedTextSchema,
    description: LocalizedTextSchema,
  }),
);
export type PermissionCatalogue = v.InferOutput<typeof PermissionCatalogueSchema>;

/** Where a person stands on an account (the rule: src/core/permissions/invitations.ts). */
export const PERSON_STATES = ["active", "invited", "expired", "revoked", "deactivated"] as const;
export type PersonState = (typeof PERSON_STATES)[number];

/** A colleague on an account, with their permissions on that account. */
export const RelatedContactSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phonenumber: v.string(),
  permissions: v.array(PermissionSchema),
  /** The account's main user (hoofdgebruiker). */
  isMainUser: v.boolean(),
  /**
   * Addition: where the person stands (src/core/permissions/invitations.ts); an invitation not yet
   * accepted has an id of its own (`inv-…`) and the details the inviter typed. Absent means active.
   */
  state: v.optional(v.picklist(PERSON_STATES), "active"),
  /** Addition: when the newest invitation was mailed (null: not sent, or never invited), accepted, and the last sign-in. */
  invitedAt: v.optional(v.nullable(IsoDateTimeSchema), null),
  acceptedAt: v.optional(v.nullable(IsoDateTimeSchema), null),
  lastSignInAt: v.optional(v.nullable(IsoDateTimeSchema), null),
  /** Addition: when a `deactivated` person was deactivated. */
  deactivatedAt: v.optional(v.nullable(IsoDateTimeSchema), null),
  /**
   * Addition: the caller's other accounts where the person has access too (the accounts the caller
   * manages users of), so a manager of several outlets sees who works where. Absent for invitations.
   */
  otherAccounts: v.optional(v.array(v.string()), []),
});
export type RelatedContact = v.InferOutput<typeof RelatedContactSchema>;

/** GET /userpermissions/related-contacts?accountNumber= */
export const RelatedContactsSchema = v.array(RelatedContactSchema);

/**
 * The answer to create-contact: the invitation as now listed (state `invited`). The same whether or
 * not the address already has a sign-in elsewhere: the inviter never learns who has one.
 */
export const CreatedContactSchema = RelatedContactSchema;
export type CreatedContact = v.InferOutput<typeof CreatedContactSchema>;

/** What the activity log records (addition): changes to people, permissions, invitations, the main user and the account's details. */
export const ACTIVITY_KINDS = [
  "invited",
  "invitation_resent",
  "invitation_revoked",
  "invitation_removed",
  "invitation_accepted",
  "details_changed",
  "permissions_changed",
  "deactivated",
  "reactivated",
  "removed",
  "main_user_handed_over",
  "account_changed",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * GET /activity?accountNumber= (addition): one row of the account's activity log, newest first. `actor`
 * is who did it (null name: someone no longer known), `subject` whom it concerns (name and e-mail
 * address), `field` with `oldValue` and `newValue` for a changed value (an IBAN masked but for its
 * last four characters).
 */
export const ActivityEntrySchema = v.object({
  id: v.number(),
  at: IsoDateTimeSchema,
  accountNumber: v.string(),
  kind: v.picklist(ACTIVITY_KINDS),
  actor: v.object({ id: v.string(), name: v.string() }),
  subject: v.nullable(v.string()),
  field: v.nullable(v.string()),
  oldValue: v.nullable(v.string()),
  newValue: v.nullable(v.string()),
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>;
export const ActivityLogSchema = v.array(ActivityEntrySchema);

/** DELETE /userpermissions/delete-contact/:id?accountNumber= answer. */
export const DeletedContactSchema = v.object({ id: v.string() });
