// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { SalesContractPage } from "./SalesContractPage.tsx";
import "../business.css";

/** /mijn-account/swo: the cooperation agreement. */
export default function SalesContractIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="contract">
      <SalesContractPage lang={lang} />
    </PortalGuard>
  );
}
