import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { DeliveriesPage } from "./DeliveriesPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("deliveries");

/** /mijn-account/leveringen: the next delivery and the delivered ones with their delivery notes. */
export default function DeliveriesIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="deliveries">
      <DeliveriesPage lang={lang} />
    </PortalGuard>
  );
}
