// The business screens' strings load with them, before they render.
import "../../../core/i18n/business-messages.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { BonusOverviewPage } from "./BonusOverviewPage.tsx";
import "../business.css";

/** /mijn-account/bonus-overzicht: the bonus overview. */
export default function BonusOverviewIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="bonusOverview">
      <BonusOverviewPage lang={lang} />
    </PortalGuard>
  );
}
