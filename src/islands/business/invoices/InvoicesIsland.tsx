// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { InvoicesPage } from "./InvoicesPage.tsx";
import "../business.css";

/** /mijn-account/facturen: the invoices with filters and downloads. */
export default function InvoicesIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="invoices">
      <InvoicesPage lang={lang} />
    </PortalGuard>
  );
}
