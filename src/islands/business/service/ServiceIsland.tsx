import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { ServicePage } from "./ServicePage.tsx";
import "../business.css";
import "./service.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("service");

/** /mijn-account/service: the outlet's service requests, one request, and a new one. */
export default function ServiceIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="service">
      <ServicePage lang={lang} />
    </PortalGuard>
  );
}
