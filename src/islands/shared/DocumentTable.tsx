import { useState } from "react";
import type { Document } from "../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../core/business/api.ts";
import { formatDay } from "../../core/format.ts";
import { formatFileSize } from "../../core/business/format.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";
import { saveBlob } from "./download.ts";

/** Documents with type, date and size and a download button each (documents page, contract page). */
export function DocumentTable({ lang, items, calls, busy = false }: { lang: Lang; items: Document[]; calls: BusinessApi; busy?: boolean }) {
  const t = useT(lang);
  const [failed, setFailed] = useState(false);

  async function download(doc: Document) {
    setFailed(false);
    try {
      const blob = await calls.documentDownload(doc.id);
      if (blob) saveBlob(blob, doc.fileName);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="kp-table-wrap">
      {failed && (
        <p className="kp-alert kp-alert--error" role="alert">
          {t("biz.downloadFailed")}
        </p>
      )}
      <table className="kp-table" aria-busy={busy}>
        <caption className="kp-sr-only">{t("biz.documents.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("biz.documents.col.title")}</th>
            <th scope="col">{t("biz.documents.col.type")}</th>
            <th scope="col">{t("biz.documents.col.date")}</th>
            <th scope="col" className="kp-num">
              {t("biz.documents.col.size")}
            </th>
            <th scope="col">{t("biz.documents.col.download")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((doc) => (
            <tr key={doc.id} data-document={doc.id}>
              <th scope="row">{doc.title}</th>
              <td data-label={t("biz.documents.col.type")}>{t(`biz.documentType.${doc.type}`)}</td>
              <td data-label={t("biz.documents.col.date")}>{formatDay(doc.date, lang)}</td>
              <td className="kp-num" data-label={t("biz.documents.col.size")}>
                {formatFileSize(doc.sizeBytes, lang)}
              </td>
              <td className="kp-table__main">
                <button type="button" className="kp-link-button" onClick={() => void download(doc)}>
                  {t("biz.download")}
                  {/* The visible word starts the accessible name (WCAG 2.5.3); the title tells the buttons apart. */}
                  <span className="kp-sr-only"> {doc.title}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
