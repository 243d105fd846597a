import { useCallback, useEffect, useState } from "react";
import type { Payment } from "../../../core/api/schemas/business.ts";
import { canRetry, RETURNED_PARAM } from "../../../core/business/payment-rules.ts";
import { watchPayment, type WatchState } from "../../../core/business/payment-watch.ts";
import { formatDay, formatMoney, formatTimeOfDay } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { screenHref } from "../../../core/portal/screens.ts";
import { useT } from "../../shell/use-t.ts";
import { Skeleton } from "../../shared/Block.tsx";
import { useBusinessApi } from "../../shared/use-business-api.ts";
import { PayMessage } from "./PayMessage.tsx";
import { usePay } from "./use-pay.ts";
import "./payment.css";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment status page (`/mijn-account/betaling?id=…`), where the provider sends the customer back
 * (`&terug=1`) and where a payment under way is shown. It tells what the backend knows, and keeps
 * asking while the payment is not final (payment-watch.ts), so it is true whether the webhook came
 * before or after the return, or the checkout tab was closed.
 */
export function PaymentStatusPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { account, calls } = useBusinessApi(lang);
  const params = new URLSearchParams(window.location.search);
  const id = params.get("id") ?? "";
  const returned = params.get(RETURNED_PARAM) === "1";
  const [state, setState] = useState<WatchState | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const again = useCallback(() => {
    setFailed(false);
    setRound((value) => value + 1);
  }, []);

  useEffect(() => {
    if (!id) return undefined;
    const stop = new AbortController();
    watchPayment(() => calls.payment(id), returned, setState, sleep, stop.signal).catch(() => {
      if (!stop.signal.aborted) setFailed(true);
    });
    return () => stop.abort();
  }, [account, calls, id, returned, round]);

  return (
    <div className="kp-container kp-biz kp-payment" data-page="payment">
      <h1>{t("pay.status.title")}</h1>
      {!id ? (
        <p className="kp-empty">{t("pay.status.missing")}</p>
      ) : failed ? (
        <div className="kp-block__error" role="alert">
          <p>{t("portal.block.error")}</p>
          <button type="button" className="kp-button" onClick={again}>
            {t("common.retry")}
          </button>
        </div>
      ) : state === undefined ? (
        <Skeleton lines={4} label={t("common.loading")} />
      ) : state === null ? (
        <p className="kp-block__empty">{t("portal.block.forbidden")}</p>
      ) : (
        <PaymentState lang={lang} state={state} onCheck={again} />
      )}
      <p>
        <a href={screenHref("invoices", lang)}>{t("pay.status.toInvoices")}</a>
      </p>
    </div>
  );
}

function PaymentState({ lang, state, onCheck }: { lang: Lang; state: WatchState; onCheck: () => void }) {
  const t = useT(lang);
  const { payment, view, gaveUp } = state;
  const waiting = view === "confirming" || view === "unfinished";
  const tone = view === "paid" ? "success" : waiting ? "waiting" : "error";
  return (
    <>
      <section
        className={`kp-alert kp-payment__state ${tone === "waiting" ? "kp-payment__state--waiting" : `kp-alert--${tone}`}`}
        role={tone === "error" ? "alert" : "status"}
        aria-live="polite"
        data-payment-view={view}
      >
        <h2 className="kp-payment__heading">
          {/* Still asking: a turning wheel beside the heading, so nobody wonders whether anything happens. */}
          {view === "confirming" && !gaveUp && (
            <span className="kp-spinner kp-spinner--blue" aria-hidden="true"></span>
          )}
          {t(`pay.status.${view}`)}
        </h2>
        <p>
          {body(lang, t, payment, view)} {settled(t, payment, view)}
        </p>
        {view === "confirming" && gaveUp && <p>{t("pay.status.confirmingLong")}</p>}
        <div className="kp-payment__actions">
          {view === "unfinished" && payment.checkoutUrl && (
            <a className="kp-button kp-button--primary" href={payment.checkoutUrl}>
              {t("pay.status.continue")}
            </a>
          )}
          {waiting && gaveUp && (
            <button type="button" className="kp-button" onClick={onCheck}>
              {t("pay.status.check")}
            </button>
          )}
          {canRetry(payment.status) && <RetryButton lang={lang} payment={payment} />}
        </div>
      </section>
      <section aria-labelledby="kp-payment-details">
        <h2 id="kp-payment-details" className="kp-sr-only">
          {t("pay.status.details")}
        </h2>
        <dl className="kp-payment__facts">
          <dt>{t("pay.status.amount")}</dt>
          <dd data-figure="payment-amount">{formatMoney(payment.amount, lang)}</dd>
          <dt>{t("pay.status.invoices")}</dt>
          <dd>
            <ul>
              {payment.invoices.map((invoice) => (
                <li key={invoice.id}>
                  {invoice.number} · {formatMoney(invoice.amountInclVat, lang)}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
    </>
  );
}

function body(lang: Lang, t: ReturnType<typeof useT>, payment: Payment, view: WatchState["view"]): string {
  switch (view) {
    case "paid":
      return t("pay.status.paidText", {
        amount: formatMoney(payment.amount, lang),
        date: formatDay(payment.paidAt ?? payment.createdAt, lang, "long"),
      });
    case "unfinished":
      return t("pay.status.unfinishedText", { time: formatTimeOfDay(payment.expiresAt, lang) });
    default:
      return t(`pay.status.${view}Text`);
  }
}

/** What became of the invoices: paid, or (a final payment that was not paid) still open; nothing while it runs. */
function settled(t: ReturnType<typeof useT>, payment: Payment, view: WatchState["view"]): string {
  const many = payment.invoices.length > 1;
  const count = { count: String(payment.invoices.length) };
  if (view === "paid") return t(many ? "pay.status.paidMany" : "pay.status.paidOne", count);
  if (canRetry(payment.status)) return t(many ? "pay.status.openMany" : "pay.status.openOne", count);
  return "";
}

/** A failed, cancelled or expired payment: the same invoices again, as a new payment. */
function RetryButton({ lang, payment }: { lang: Lang; payment: Payment }) {
  const t = useT(lang);
  const { pay, busy, outcome } = usePay(lang);
  return (
    <>
      <button
        type="button"
        className="kp-button kp-button--primary"
        data-pay="retry"
        disabled={busy}
        onClick={() => void pay(payment.invoices.map((invoice) => invoice.id))}
      >
        {busy ? t("pay.busy") : t("pay.status.retry")}
      </button>
      <PayMessage lang={lang} outcome={outcome} />
    </>
  );
}
