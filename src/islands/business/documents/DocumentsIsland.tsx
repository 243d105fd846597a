import type { Lang } from "../../../core/i18n/locale.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { DocumentsPage } from "./DocumentsPage.tsx";
import "../business.css";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("documents");

/** /mijn-account/documenten: the account's documents. */
export default function DocumentsIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="documents">
      <DocumentsPage lang={lang} />
    </PortalGuard>
  );
}
