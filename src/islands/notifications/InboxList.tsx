import type { MouseEvent } from "react";
import type { InboxItem } from "../../core/api/schemas/business.ts";
import { formatDay } from "../../core/format.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";

type Props = {
  lang: Lang;
  items: readonly InboxItem[];
  /** Where an item opens: the notifications page with the item's id. */
  hrefOf: (item: InboxItem) => string;
  onOpen?: (item: InboxItem, event: MouseEvent<HTMLAnchorElement>) => void;
};

/** Notifications newest first; unread ones carry a visible and spoken marker. */
export function InboxList({ lang, items, hrefOf, onOpen }: Props) {
  const t = useT(lang);
  if (items.length === 0) return <p className="kp-block__empty">{t("portal.inbox.empty")}</p>;
  return (
    <ul className="kp-inbox">
      {items.map((item) => (
        <li key={item.guid} className={item.read ? "kp-inbox__item" : "kp-inbox__item kp-inbox__item--unread"} data-inbox-item={item.guid} data-read={item.read}>
          <a href={hrefOf(item)} onClick={onOpen ? (event) => onOpen(item, event) : undefined}>
            {!item.read && <span className="kp-inbox__marker">{t("portal.inbox.unreadMarker")}</span>}
            <span className="kp-inbox__title">{item.title}</span>
          </a>
          <span className="kp-inbox__meta">
            {t(`portal.inbox.category.${item.category}`)} · <time dateTime={item.createdAt}>{formatDay(item.createdAt, lang)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
