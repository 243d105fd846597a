import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { SalesContractPage } from "./SalesContractPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("contract");

/** /mijn-account/swo: the cooperation agreement. */
export default function SalesContractIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="contract">
      <SalesContractPage lang={lang} />
    </PortalGuard>
  );
}
