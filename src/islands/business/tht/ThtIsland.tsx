import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { ThtPage } from "./ThtPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("tht");

/** /tht: the THT scheme's request form. */
export default function ThtIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="tht">
      <ThtPage lang={lang} />
    </PortalGuard>
  );
}
