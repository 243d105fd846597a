import { useState } from "react";
import { DOCUMENT_TYPES, type DocumentList, type DocumentType } from "../../../core/api/schemas/business.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { DocumentTable } from "../shared/DocumentTable.tsx";
import { LoadState } from "../shared/LoadState.tsx";
import { useBusinessApi } from "../shared/use-business-api.ts";
import { useResource } from "../shared/use-resource.ts";

/** The type filter lives in the URL (`?type=price_list`) like the invoice filters. */
function typeFromUrl(): DocumentType | undefined {
  const value = new URLSearchParams(window.location.search).get("type") ?? "";
  return (DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as DocumentType) : undefined;
}

/** Documents by type with date and size, filterable, each downloadable. */
export function DocumentsPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { account, calls } = useBusinessApi(lang);
  const [type, setType] = useState<DocumentType | undefined>(typeFromUrl);
  const list = useResource<DocumentList>(`${account}-${type ?? ""}`, () => calls.documents(type));

  function choose(value: string) {
    const next = (DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as DocumentType) : undefined;
    window.history.replaceState(null, "", `${window.location.pathname}${next ? `?type=${next}` : ""}`);
    setType(next);
  }

  return (
    <div className="kp-container kp-biz" data-page="documents">
      <h1>{t("biz.documents.title")}</h1>
      <p className="kp-intro">{t("biz.documents.intro")}</p>
      <div className="kp-field kp-biz-filters kp-biz-filters--single">
        <label htmlFor="kp-document-type">{t("biz.documents.type")}</label>
        <select id="kp-document-type" value={type ?? ""} onChange={(event) => choose(event.target.value)}>
          <option value="">{t("biz.documents.allTypes")}</option>
          {DOCUMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`biz.documentType.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <LoadState lang={lang} resource={list}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="kp-empty" data-empty="documents">
              {t("biz.documents.empty")}
            </p>
          ) : (
            <DocumentTable lang={lang} items={data.items} calls={calls} busy={list.status === "loading"} />
          )
        }
      </LoadState>
    </div>
  );
}
