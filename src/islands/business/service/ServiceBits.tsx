import { useStore } from "@nanostores/react";
import type { ServiceReference, ServiceStatus } from "../../../core/api/schemas/business/service.ts";
import { deliveryHref, invoiceHref } from "../../../core/business/deliveries.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { isAllowed } from "../../../core/permissions/index.ts";
import { screenHref, SCREENS, type ScreenId } from "../../../core/portal/screens.ts";
import { $permissions } from "../../../core/stores/selected-account.ts";
import { useT } from "../../shell/use-t.ts";

/** A request's status as a badge: ontvangen, in behandeling, opgelost. */
export function StatusBadge({ lang, status }: { lang: Lang; status: ServiceStatus }) {
  const t = useT(lang);
  return (
    <span className={`kp-badge kp-badge--${status}`} data-status={status}>
      {t(`service.status.${status}`)}
    </span>
  );
}

const SCREEN_OF: Record<ServiceReference["type"], ScreenId> = { invoice: "invoices", delivery: "deliveries", empties: "empties" };

/** What a reference is called: "Factuur 91000059", "Levering L91000059", "Emballage van levering …". */
export function useReferenceName(lang: Lang): (reference: ServiceReference) => string {
  const t = useT(lang);
  return (reference) => t(`service.ref.${reference.type}`, { number: reference.number });
}

/** A reference, as a link to what it names for someone who may open that screen, else as text. */
export function ReferenceLink({ lang, reference }: { lang: Lang; reference: ServiceReference }) {
  const name = useReferenceName(lang)(reference);
  const held = useStore($permissions);
  if (!isAllowed(SCREENS[SCREEN_OF[reference.type]].permissions, held)) return <>{name}</>;
  const href =
    reference.type === "invoice"
      ? invoiceHref(reference.number, lang)
      : reference.type === "delivery"
        ? deliveryHref(reference.number, lang)
        : screenHref("empties", lang);
  return <a href={href}>{name}</a>;
}
