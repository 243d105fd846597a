import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { EmptiesPage } from "./EmptiesPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("empties");

/** /mijn-account/emballage: the outlet's empties ledger. */
export default function EmptiesIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="empties">
      <EmptiesPage lang={lang} />
    </PortalGuard>
  );
}
