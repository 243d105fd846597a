import { useState } from "react";
import { DOCUMENT_TYPES, type DocumentType } from "../../../core/api/schemas/business.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { DocumentTable } from "../../shared/DocumentTable.tsx";
import { Block } from "../../shared/Block.tsx";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";

/** The type filter lives in the URL (`?type=price_list`) like the invoice filters. */
function typeFromUrl(): DocumentType | undefined {
  const value = new URLSearchParams(window.location.search).get("type") ?? "";
  return (DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as DocumentType) : undefined;
}

/** Documents by type with date and size, filterable, each downloadable. */
export function DocumentsPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  const [type, setType] = useState<DocumentType | undefined>(typeFromUrl);
  const list = useBusinessResource(lang, (calls) => calls.documents(type), type);

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
      <Block lang={lang} name="documents" state={list.state} onRetry={list.reload} lines={6} isEmpty={(data) => data.items.length === 0} empty={t("biz.documents.empty")}>
        {(data) => <DocumentTable lang={lang} items={data.items} calls={calls} busy={list.state.status === "loading"} />}
      </Block>
    </div>
  );
}
