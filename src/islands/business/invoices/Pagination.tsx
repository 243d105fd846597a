import { INVOICE_PAGE_SIZES } from "../../../core/api/schemas/business.ts";
import { pageCount } from "../../../core/business/invoice-filters.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

type Props = {
  lang: Lang;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

/** Previous/next with "page x of y" and a page size choice. */
export function Pagination({ lang, page, pageSize, total, onPage, onPageSize }: Props) {
  const t = useT(lang);
  const pages = pageCount(total, pageSize);
  return (
    <nav className="kp-biz-pagination" aria-label={t("biz.invoices.pagination")}>
      <button type="button" className="kp-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("biz.invoices.previous")}
      </button>
      <span data-page-of>
        {t("biz.invoices.page", { page, pages })}
      </span>
      <button type="button" className="kp-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("biz.invoices.next")}
      </button>
      <label className="kp-biz-inline">
        {t("biz.invoices.pageSize")}
        <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {INVOICE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
