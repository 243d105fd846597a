import { DOCUMENT_TYPES, type DocumentList, type DocumentType } from "../../../../src/core/api/schemas/business.ts";
import { getDocumentFile, listDocuments } from "../../../db/business/documents.ts";
import { validationError } from "../../../http.ts";
import { PATHS, pattern, type Route } from "../../route.ts";
import { account, langOf, notFound, sendFile } from "./shared.ts";

export const documentRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.documents,
    access: "user",
    permissions: ["DOCUMENTEN"],
    handle: async (ctx): Promise<DocumentList> => {
      const type = ctx.url.searchParams.get("type") || undefined;
      if (type !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
        throw validationError([{ field: "type", code: "invalid" }]);
      }
      return { items: await listDocuments(ctx.db, account(ctx), langOf(ctx.url), type as DocumentType | undefined) };
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.documentDownload, "id"),
    access: "user",
    permissions: ["DOCUMENTEN"],
    handle: async (ctx) => {
      const file = await getDocumentFile(ctx.db, account(ctx), ctx.params["id"] ?? "");
      if (!file) throw notFound();
      sendFile(ctx.res, { ...file, contentType: "application/pdf" });
      return undefined;
    },
  },
];
