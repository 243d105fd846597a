import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Invoice, InvoiceQuery } from "../../../core/api/schemas/business.ts";
import { ApiError } from "../../../core/api/errors.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { formatFileSize } from "../../../core/business/format.ts";
import { bundleSizeError, MAX_BUNDLE_INVOICES } from "../../../core/business/invoice-bundle.ts";
import {
  bundleRequestOf,
  NO_SELECTION,
  pageState,
  selectionCount,
  togglePage,
  type InvoiceSelection,
} from "../../../core/business/invoice-selection.ts";
import { formatNumber } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { saveBlob } from "../../shared/download.ts";

type Props = {
  lang: Lang;
  account: string;
  query: InvoiceQuery;
  /** The invoices on the current page, and how many the filter finds in all. */
  page: readonly Invoice[];
  total: number;
  selection: InvoiceSelection;
  onSelection: (next: InvoiceSelection) => void;
  calls: BusinessApi;
  /** Further actions on the selection (paying several invoices), shown beside the download. */
  children?: ReactNode;
};

type DownloadState =
  | { status: "idle" }
  | { status: "busy"; received: number }
  | { status: "done"; count: number }
  | { status: "refused"; code: "bundle_empty" | "bundle_too_many"; count: number }
  | { status: "failed" };

/**
 * The actions bar on the selected invoices, below the table and kept in view at the bottom of the
 * screen while scrolling through it: how many are selected, the download as one ZIP (each PDF and
 * UBL and the VAT summary) with the bytes received while it streams in, and a slot for further
 * actions (paying several). Refusals (nothing selected, over 500) are said before asking the API.
 */
export function InvoiceActionsBar({ lang, account, query, total, selection, onSelection, calls, children }: Omit<Props, "page">) {
  const t = useT(lang);
  const [download, setDownload] = useState<DownloadState>({ status: "idle" });
  const count = selectionCount(selection, total);
  const everything = selection.mode === "filter";

  async function downloadZip() {
    const refused = bundleSizeError(count);
    if (refused) return setDownload({ status: "refused", code: refused.code as "bundle_empty" | "bundle_too_many", count });
    setDownload({ status: "busy", received: 0 });
    try {
      const blob = await calls.invoicesZip(bundleRequestOf(selection, query), (received) => setDownload({ status: "busy", received }));
      if (!blob) return setDownload({ status: "failed" });
      const period = everything && (query.from || query.to) ? `-${query.from ?? ""}_${query.to ?? ""}` : "";
      saveBlob(blob, `${t("biz.bundle.file")}-${account}${period}.zip`);
      setDownload({ status: "done", count });
    } catch (error) {
      const code = error instanceof ApiError ? refusalCode(error.body) : null;
      setDownload(code ? { status: "refused", code, count } : { status: "failed" });
    }
  }

  const summary =
    count === 0 ? t("biz.bundle.noneSelected") : everything ? t("biz.bundle.allSelected", { count: formatNumber(count, lang) }) : t("biz.bundle.selected", { count: formatNumber(count, lang) });

  return (
    <div className="kp-invoice-actions__bar" role="region" aria-label={t("biz.bundle.title")} data-actions="invoices">
      <div className="kp-invoice-actions__row">
        <p className="kp-invoice-actions__count" role="status" aria-live="polite">
          {summary}
        </p>
        <button type="button" className="kp-button" onClick={() => void downloadZip()} disabled={download.status === "busy"}>
          {t("biz.bundle.download")}
        </button>
        {children}
        {count > 0 && (
          <button type="button" className="kp-link-button" onClick={() => onSelection(NO_SELECTION)}>
            {t("biz.bundle.clear")}
          </button>
        )}
      </div>
      {download.status === "busy" && (
        <p className="kp-invoice-actions__progress" role="status">
          <progress />
          {t("biz.bundle.progress", { received: formatFileSize(download.received, lang) })}
        </p>
      )}
      {download.status === "done" && (
        <p className="kp-alert kp-alert--success" role="status">
          {t("biz.bundle.done", { count: formatNumber(download.count, lang) })}
        </p>
      )}
      {download.status === "refused" && (
        <p className="kp-alert kp-alert--error" role="alert" data-refused={download.code}>
          {t(`biz.bundle.${download.code}`, { count: formatNumber(download.count, lang), max: formatNumber(MAX_BUNDLE_INVOICES, lang) })}
        </p>
      )}
      {download.status === "failed" && (
        <p className="kp-alert kp-alert--error" role="alert">
          {t("biz.downloadFailed")}
        </p>
      )}
    </div>
  );
}

/**
 * Choosing above the table: this page's invoices, or everything the filter finds in the period
 * (the screen's filters set the period). The rows' own boxes are in the table.
 */
export function InvoiceSelectionControls({ lang, page, total, selection, onSelection }: Pick<Props, "lang" | "page" | "total" | "selection" | "onSelection">) {
  const t = useT(lang);
  const onPage = pageState(selection, page);
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage === "some";
  }, [onPage]);
  const everything = selection.mode === "filter";
  return (
    <section className="kp-invoice-actions" aria-label={t("biz.bundle.title")}>
      <p className="kp-invoice-actions__hint">{t("biz.bundle.hint")}</p>
      <div className="kp-invoice-actions__row">
        <label className="kp-invoice-actions__page">
          <input ref={pageBox} type="checkbox" checked={onPage === "all"} disabled={everything || page.length === 0} onChange={() => onSelection(togglePage(selection, page))} />
          {t("biz.bundle.selectPage")}
        </label>
        <button type="button" className="kp-link-button" onClick={() => onSelection({ mode: "filter" })} disabled={everything || total === 0} data-select="everything">
          {t("biz.bundle.selectAll", { count: formatNumber(total, lang) })}
        </button>
      </div>
    </section>
  );
}

/** The size refusal in a 400 body, if that is what it is. */
function refusalCode(body: unknown): "bundle_empty" | "bundle_too_many" | null {
  const errors = (body as { errors?: { code?: string }[] } | null)?.errors ?? [];
  const code = errors.find((error) => error.code === "bundle_empty" || error.code === "bundle_too_many")?.code;
  return (code as "bundle_empty" | "bundle_too_many" | undefined) ?? null;
}
