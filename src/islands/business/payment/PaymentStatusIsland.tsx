import type { Lang } from "../../../core/i18n/locale.ts";
import { loadScreenStrings } from "../../../core/portal/screen-strings.ts";
import { PortalGuard } from "../../shell/PortalGuard.tsx";
import { PaymentStatusPage } from "./PaymentStatusPage.tsx";
import "../business.css";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("payment");

/** /mijn-account/betaling: where the customer returns from the payment provider's checkout. */
export default function PaymentStatusIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="payment">
      <PaymentStatusPage lang={lang} />
    </PortalGuard>
  );
}
