import type { Invoice } from "../../../core/api/schemas/business.ts";
import { newServiceHref } from "../../../core/business/service.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

export type InvoiceFileKind = "pdf" | "ubl";

/** A download name as the API gives it: `factuur-{number}.pdf` / `invoice-{number}.xml`. */
export const invoiceFileName = (invoice: Pick<Invoice, "number">, kind: InvoiceFileKind, lang: Lang): string =>
  `${lang === "en" ? "invoice" : "factuur"}-${invoice.number}.${kind === "pdf" ? "pdf" : "xml"}`;

/**
 * An invoice's two files side by side: the PDF to read and the UBL e-invoice (XML) that bookkeeping
 * software imports. Each is a button (the download needs the signed-in API call, not a plain link).
 * Then a question about it: the service form with the invoice filled in.
 */
export function InvoiceFileLinks({ lang, invoice, onDownload }: { lang: Lang; invoice: Invoice; onDownload: (invoice: Invoice, kind: InvoiceFileKind) => void }) {
  const t = useT(lang);
  return (
    <span className="kp-invoice-files">
      <button type="button" className="kp-link-button" onClick={() => onDownload(invoice, "pdf")} aria-label={t("biz.invoices.pdfLabel", { number: invoice.number })}>
        {t("biz.invoices.pdf")}
      </button>
      <button type="button" className="kp-link-button" onClick={() => onDownload(invoice, "ubl")} aria-label={t("biz.invoices.ublLabel", { number: invoice.number })}>
        {t("biz.invoices.ubl")}
      </button>
      <a href={newServiceHref(lang, { type: "invoice", number: invoice.number })} aria-label={t("service.askLabel", { number: invoice.number })} data-raise="invoice">
        {t("service.ask")}
      </a>
    </span>
  );
}
