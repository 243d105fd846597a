// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { ThtPage } from "./ThtPage.tsx";
import "../business.css";

/** /tht: any signed-in user of the account. */
export default function ThtIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang}>
      <ThtPage lang={lang} />
    </PortalGuard>
  );
}
