import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { InvoicesPage } from "./InvoicesPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("invoices");

/** /mijn-account/facturen: the invoices with filters and downloads. */
export default function InvoicesIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="invoices">
      <InvoicesPage lang={lang} />
    </PortalGuard>
  );
}
