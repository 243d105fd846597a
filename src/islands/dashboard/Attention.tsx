import { attentionItems, type AttentionInput, type AttentionItem } from "../../core/business/attention.ts";
import { formatPeriod } from "../../core/business/format.ts";
import { formatMoney } from "../../core/format.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";

type Props = {
  lang: Lang;
  input: AttentionInput;
  /** Whether every part it depends on has answered: until then "nothing" is not yet true. */
  complete: boolean;
};

/**
 * The top of the dashboard: what the customer has to act on, most urgent first (overdue money, a
 * quarter with no bonus claimed, unread notifications), each with the link that does it. Items
 * appear as their data arrives; "nothing needs your attention" only once everything has answered.
 */
export function Attention({ lang, input, complete }: Props) {
  const t = useT(lang);
  const items = attentionItems(input, lang);
  const text = (item: AttentionItem): string =>
    item.kind === "overdue"
      ? t("portal.attention.overdue", { amount: formatMoney(item.amount, lang) })
      : item.kind === "bonus"
        ? t("portal.attention.bonus", { period: formatPeriod(item.period) })
        : t("portal.attention.unread", { count: item.count });
  return (
    <section className="kp-attention" aria-labelledby="kp-attention-title" data-attention>
      <h2 id="kp-attention-title" className="kp-attention__title">
        {t("portal.attention.title")}
      </h2>
      {items.length > 0 ? (
        <ul className="kp-attention__list">
          {items.map((item) => (
            <li key={item.kind} className={`kp-attention__item kp-attention__item--${item.kind}`} data-attention-item={item.kind}>
              <span className="kp-attention__text">{text(item)}</span>
              <a className="kp-attention__action" href={item.href}>
                {t(item.action)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="kp-attention__none">{complete ? t("portal.attention.none") : "\u00a0"}</p>
      )}
    </section>
  );
}
