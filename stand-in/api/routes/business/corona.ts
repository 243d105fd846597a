import { CoronaInputSchema, type Attachment, type CoronaResponse } from "../../../../src/core/api/schemas/business.ts";
import { validateCoronaInput } from "../../../../src/core/business/tht-rules.ts";
import { getAttachmentFile, storeAttachment } from "../../../db/business/attachments.ts";
import { listProducts } from "../../../db/business/catalogue-queries.ts";
import { getRegistration, saveRegistration, unknownAttachmentIds } from "../../../db/business/corona.ts";
import { validationError } from "../../../http.ts";
import { expireLooseUploads, readUploadWithinQuota } from "../../../quotas.ts";
import type { DatabaseSync } from "node:sqlite";
import { PATHS, pattern, type Route } from "../../route.ts";
import { account, clock, notFound, readBody, sendFile, today } from "./shared.ts";

const response = (db: DatabaseSync, accountNumber: string): CoronaResponse => ({
  registration: getRegistration(db, accountNumber),
  eligibleProducts: listProducts(db, { coronaOnly: true }),
});

/** The tht (corona) registration of the selected account: signed in and consented, no permission. */
export const coronaRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.corona,
    access: "user",
    accountScoped: true,
    handle: (ctx): CoronaResponse => response(ctx.db, account(ctx)),
  },
  {
    method: "PUT",
    path: PATHS.corona,
    access: "user",
    accountScoped: true,
    handle: async (ctx): Promise<CoronaResponse> => {
      const accountNumber = account(ctx);
      const input = await readBody(ctx.req, CoronaInputSchema);
      if (getRegistration(ctx.db, accountNumber).status === "approved") {
        throw validationError([{ field: "status", code: "locked" }]);
      }
      const errors = validateCoronaInput(input, {
        today: today(),
        eligibleProducts: new Set(listProducts(ctx.db, { coronaOnly: true }).map((p) => p.id)),
      });
      expireLooseUploads(ctx.db, clock.now());
      const unknown = new Set(unknownAttachmentIds(ctx.db, accountNumber, input.attachmentIds));
      input.attachmentIds.forEach((id, i) => {
        if (unknown.has(id)) errors.push({ field: `attachmentIds.${i}`, code: "unknown" });
      });
      if (errors.length > 0) throw validationError(errors);
      saveRegistration(ctx.db, accountNumber, input, clock.now());
      return response(ctx.db, accountNumber);
    },
  },
  {
    // An upload stays loose until a PUT /corona lists its id.
    method: "POST",
    path: PATHS.coronaAttachments,
    access: "user",
    accountScoped: true,
    handle: async (ctx): Promise<Attachment> => {
      const userId = ctx.caller?.userId ?? "";
      const upload = await readUploadWithinQuota(ctx.req, ctx.db, clock.now(), account(ctx), userId);
      return storeAttachment(ctx.db, { kind: "corona", id: account(ctx) }, upload, clock.now(), userId);
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.coronaAttachment, "id"),
    access: "user",
    accountScoped: true,
    handle: (ctx) => {
      expireLooseUploads(ctx.db, clock.now());
      const file = getAttachmentFile(ctx.db, { kind: "corona", id: account(ctx) }, ctx.params["id"] ?? "");
      if (!file) throw notFound();
      sendFile(ctx.res, file);
      return undefined;
    },
  },
];
