import * as v from "valibot";
import {
  BonusClaimInputSchema,
  BonusSubmitInputSchema,
  MAX_ATTACHMENTS,
  type Attachment,
  type BonusClaim,
  type BonusOverview,
  type Product,
  type Wholesaler,
} from "../../../../src/core/api/schemas/business.ts";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import { compareClaim, recordedReference, validateClaimReason } from "../../../../src/core/business/claim-check.ts";
import { validateClaimInput, validatePeriod } from "../../../../src/core/business/claim-rules.ts";
import { issuesToFieldErrors } from "../../../../src/core/validation/field-error.ts";
import { deleteAttachment, getAttachmentFile, listAttachments, storeAttachment } from "../../../db/business/attachments.ts";
import { listProducts, listWholesalers } from "../../../db/business/catalogue-queries.ts";
import { bonusTiers, findClaim, findDraftOf, loadClaims, markSubmitted, saveDraft, takenPeriods } from "../../../db/business/claims.ts";
import { checkDraftQuota, readUploadWithinQuota } from "../../../quotas.ts";
import { readJsonBody, validationError } from "../../../http.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../../route.ts";
import { account, clock, notFound, readBody, refuseUnread, sendFile, today } from "./shared.ts";

/** Reading sales data is open to BONUS and, for contract volumes, SAMENWERKINGSOVEREENKOMST; writing needs BONUS. */
const READ: Permission[] = ["BONUS", "SAMENWERKINGSOVEREENKOMST"];
const WRITE: Permission[] = ["BONUS"];

function claimOf(ctx: RouteContext): BonusClaim {
  const claim = findClaim(ctx.db, account(ctx), ctx.params["id"] ?? "");
  if (!claim) throw notFound();
  return claim;
}

const notDraft = () => validationError([{ field: "status", code: "not_draft" }]);

// Specific paths come before `/:id`: the router takes the first route that matches.
export const bonusRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.products,
    access: "user",
    permissions: READ,
    handle: (ctx): Product[] => listProducts(ctx.db),
  },
  {
    method: "GET",
    path: PATHS.wholesalers,
    access: "user",
    permissions: READ,
    handle: (ctx): Wholesaler[] => listWholesalers(ctx.db),
  },
  {
    method: "GET",
    path: PATHS.claims,
    access: "user",
    permissions: READ,
    handle: (ctx): BonusOverview => ({
      items: loadClaims(ctx.db, account(ctx))
        .filter((claim) => claim.status !== "draft")
        .reverse(),
      tiers: bonusTiers(),
    }),
  },
  {
    method: "POST",
    path: PATHS.claims,
    access: "user",
    permissions: WRITE,
    handle: async (ctx): Promise<BonusClaim> => {
      const accountNumber = account(ctx);
      const input = await readBody(ctx.req, BonusClaimInputSchema);
      const errors = validateClaimInput(input, {
        today: today(),
        knownWholesalers: new Set(listWholesalers(ctx.db).map((w) => w.id)),
        knownProducts: new Set(listProducts(ctx.db).map((p) => p.id)),
        takenPeriods: takenPeriods(ctx.db, accountNumber),
      });
      if (errors.length > 0) throw validationError(errors);
      const userId = ctx.caller?.userId ?? "";
      // A new period's draft counts against the draft quota; saving an existing draft again does not.
      if (!findDraftOf(ctx.db, accountNumber, input.period)) checkDraftQuota(ctx.db, accountNumber, userId);
      const id = saveDraft(ctx.db, accountNumber, input, clock.now(), userId);
      return findClaim(ctx.db, accountNumber, id) as BonusClaim;
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.claim, "id"),
    access: "user",
    permissions: READ,
    handle: (ctx): BonusClaim => claimOf(ctx),
  },
  {
    // Submits a draft once every wholesaler in it has at least one statement attached, and with a
    // reason when its volume is far from the recorded one (the same check the bonus tool makes).
    method: "POST",
    path: pattern(PATHS.submitClaim, "id"),
    access: "user",
    permissions: WRITE,
    handle: async (ctx): Promise<BonusClaim> => {
      const body = v.safeParse(BonusSubmitInputSchema, (await readJsonBody(ctx.req)) ?? {});
      if (!body.success) throw validationError(issuesToFieldErrors(body.issues));
      const claim = claimOf(ctx);
      if (claim.status !== "draft") throw notDraft();
      const comparison = compareClaim(claim.volumeHl, recordedReference(loadClaims(ctx.db, claim.accountNumber), claim.period));
      const errors = [
        ...validatePeriod(claim.period, today(), takenPeriods(ctx.db, claim.accountNumber)),
        ...claim.wholesalers.flatMap((w, i) =>
          w.attachmentCount > 0 ? [] : [{ field: `wholesalers.${i}.attachments`, code: "required" }],
        ),
        ...validateClaimReason(comparison, body.output.reason),
      ];
      if (errors.length > 0) throw validationError(errors);
      markSubmitted(ctx.db, claim.id, clock.now(), body.output.reason?.trim() || null);
      return claimOf(ctx);
    },
  },
  {
    method: "POST",
    path: pattern(PATHS.claimAttachments, "id"),
    access: "user",
    permissions: WRITE,
    handle: async (ctx): Promise<Attachment> => {
      const claim = findClaim(ctx.db, account(ctx), ctx.params["id"] ?? "");
      if (!claim) throw refuseUnread(ctx.req, notFound());
      const wholesalerId = ctx.url.searchParams.get("wholesalerId") ?? "";
      if (claim.status !== "draft") throw refuseUnread(ctx.req, notDraft());
      if (!wholesalerId) throw refuseUnread(ctx.req, validationError([{ field: "wholesalerId", code: "required" }]));
      if (!claim.wholesalers.some((w) => w.wholesalerId === wholesalerId)) {
        throw refuseUnread(ctx.req, validationError([{ field: "wholesalerId", code: "unknown" }]));
      }
      const owner = { kind: "bonus" as const, id: claim.id, wholesalerId };
      if (listAttachments(ctx.db, owner).length >= MAX_ATTACHMENTS) {
        throw refuseUnread(ctx.req, validationError([{ field: "file", code: "too_many" }]));
      }
      const userId = ctx.caller?.userId ?? "";
      const upload = await readUploadWithinQuota(ctx.req, ctx.db, clock.now(), account(ctx), userId);
      return storeAttachment(ctx.db, owner, upload, clock.now(), userId);
    },
  },
  {
    method: "DELETE",
    path: pattern(PATHS.claimAttachment, "id", "attachmentId"),
    access: "user",
    permissions: WRITE,
    handle: (ctx): { id: string } => {
      const claim = claimOf(ctx);
      if (claim.status !== "draft") throw notDraft();
      const id = ctx.params["attachmentId"] ?? "";
      if (!deleteAttachment(ctx.db, { kind: "bonus", id: claim.id }, id)) throw notFound();
      return { id };
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.claimAttachments, "id"),
    access: "user",
    permissions: READ,
    handle: (ctx): Attachment[] => {
      const claim = claimOf(ctx);
      const wholesalerId = ctx.url.searchParams.get("wholesalerId") || undefined;
      return listAttachments(ctx.db, { kind: "bonus", id: claim.id, ...(wholesalerId ? { wholesalerId } : {}) });
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.claimAttachment, "id", "attachmentId"),
    access: "user",
    permissions: READ,
    handle: (ctx) => {
      const claim = claimOf(ctx);
      const file = getAttachmentFile(ctx.db, { kind: "bonus", id: claim.id }, ctx.params["attachmentId"] ?? "");
      if (!file) throw notFound();
      sendFile(ctx.res, file);
      return undefined;
    },
  },
];
