// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { ThtPage } from "./ThtPage.tsx";
import "../business.css";

/** /tht: the THT scheme's request form. */
export default function ThtIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="tht">
      <ThtPage lang={lang} />
    </PortalGuard>
  );
}
