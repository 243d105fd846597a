import type { Lang } from "../../../core/i18n/locale.ts";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { OutletsPage } from "./OutletsPage.tsx";
import "../business.css";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("outlets");

/** /mijn-account/vestigingen: every outlet of the signed-in person side by side. */
export default function OutletsIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="outlets">
      <OutletsPage lang={lang} />
    </PortalGuard>
  );
}
