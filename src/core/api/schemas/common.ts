import * as v from "valibot";

/** The permission codes a user holds per account; ADMINISTRATOR passes every check. */
export const PERMISSIONS = [
  "ADMINISTRATOR",
  "HOOFDDATA",
  "GEBRUIKERSBEHEER",
  "DOCUMENTEN",
  "SAMENWERKINGSOVEREENKOMST",
  "FACTUREN",
  "BONUS",
] as const;
export const PermissionSchema = v.picklist(PERMISSIONS);
export type Permission = v.InferOutput<typeof PermissionSchema>;

/** Locales the content API speaks; Dutch is the default and lives at the site root. */
export const LOCALES = ["nl-NL", "en-US"] as const;
export const LocaleSchema = v.picklist(LOCALES);
export type Locale = v.InferOutput<typeof LocaleSchema>;

/** ISO 8601 date-time string as the API sends it. */
export const IsoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp());
/** ISO 8601 calendar date (yyyy-mm-dd). */
export const IsoDateSchema = v.pipe(v.string(), v.isoDate());

/** 400 body: every refused field with a code that maps to a dictionary key. */
export const ValidationErrorSchema = v.object({
  statusCode: v.literal(400),
  errors: v.array(v.object({ field: v.string(), code: v.string() })),
});
export type ValidationError = v.InferOutput<typeof ValidationErrorSchema>;

/**
 * 413/429 body when a storage quota is reached (docs/api-business.md, "Quotas"): `upload_quota`
 * (open uploads of the account or the user: 429 by count, 413 by size), `draft_quota` (draft claims),
 * `invitation_quota` (open invitations of the account, invitation mails per day: docs/api-people.md).
 */
export const QUOTA_CODES = ["upload_quota", "draft_quota", "invitation_quota"] as const;
export const QuotaErrorSchema = v.object({ statusCode: v.picklist([413, 429]), code: v.picklist(QUOTA_CODES) });
export type QuotaCode = (typeof QUOTA_CODES)[number];

/** 403 body: statusCode 1 = consent missing, 2 = permission missing or another customer's account. */
export const ForbiddenSchema = v.object({ statusCode: v.picklist([1, 2]) });
export type Forbidden = v.InferOutput<typeof ForbiddenSchema>;

/** 403 body of an action the caller's role does not allow, naming the rule (a `validation.<code>` key). */
export const RefusedSchema = v.object({
  statusCode: v.literal(2),
  errors: v.array(v.object({ field: v.string(), code: v.string() })),
});
export type Refused = v.InferOutput<typeof RefusedSchema>;

/** An image served by the stand-in's image endpoint; `url` accepts `w` and `fm` query parameters. */
export const ImageSchema = v.object({
  url: v.string(),
  title: v.string(),
  width: v.pipe(v.number(), v.integer()),
  height: v.pipe(v.number(), v.integer()),
});
export type Image = v.InferOutput<typeof ImageSchema>;
