import type { Invoice } from "../../../core/api/schemas/business.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

/**
 * The invoice number with its selection box: the whole label is the target (a thumb on a phone hits
 * the number as easily as the box), and the box is named after the invoice for a screen reader.
 */
export function InvoiceSelectBox({ lang, invoice, checked, disabled, onToggle }: { lang: Lang; invoice: Invoice; checked: boolean; disabled: boolean; onToggle: (invoice: Invoice) => void }) {
  const t = useT(lang);
  return (
    <label className="kp-invoice-select">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(invoice)} aria-label={t("biz.bundle.select", { number: invoice.number })} />
      <span>{invoice.number}</span>
    </label>
  );
}
