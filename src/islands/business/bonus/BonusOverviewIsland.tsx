import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { BonusOverviewPage } from "./BonusOverviewPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("bonusOverview");

/** /mijn-account/bonus-overzicht: the bonus overview. */
export default function BonusOverviewIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="bonusOverview">
      <BonusOverviewPage lang={lang} />
    </PortalGuard>
  );
}
