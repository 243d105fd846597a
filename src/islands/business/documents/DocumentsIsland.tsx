// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { DocumentsPage } from "./DocumentsPage.tsx";
import "../business.css";

/** /mijn-account/documenten: the account's documents. */
export default function DocumentsIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="documents">
      <DocumentsPage lang={lang} />
    </PortalGuard>
  );
}
