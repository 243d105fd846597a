import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import type { Lang } from "../../../core/i18n/locale.ts";
import { PayMessage } from "./PayMessage.tsx";
import { $payNotice } from "./pay-notice.ts";

/** The invoices screen's one message for its rows' Pay buttons; focused when it appears, so it is seen and read. */
export function PayNotice({ lang }: { lang: Lang }) {
  const outcome = useStore($payNotice);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  useEffect(() => () => $payNotice.set(undefined), []);
  return (
    <div ref={ref} tabIndex={-1} className="kp-pay-notice" data-pay-notice>
      <PayMessage lang={lang} outcome={outcome} />
    </div>
  );
}
