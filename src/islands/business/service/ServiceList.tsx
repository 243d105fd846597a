import type { MouseEvent } from "react";
import { serviceApi } from "../../../core/business/service-api.ts";
import { serviceRequestHref } from "../../../core/business/service.ts";
import { formatInstant } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useResource } from "../../shared/use-resource.ts";
import { ReferenceLink, StatusBadge } from "./ServiceBits.tsx";

type Props = { lang: Lang; go: (href: string) => void; newHref: string };

/** The account's requests, the most recently changed first, each with its status and what it is about. */
export function ServiceList({ lang, go, newHref }: Props) {
  const t = useT(lang);
  const list = useResource((account, client) => serviceApi(client, account).list());
  const follow = (href: string) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(href);
  };
  return (
    <>
      <p className="kp-biz-actions">
        <a className="kp-button kp-button--primary" href={newHref} onClick={follow(newHref)} data-action="new-request">
          {t("service.new")}
        </a>
      </p>
      <h2>{t("service.list")}</h2>
      <Block lang={lang} name="service-requests" state={list.state} onRetry={list.reload} lines={4} isEmpty={(data) => data.items.length === 0} empty={<p className="kp-empty">{t("service.empty")}</p>}>
        {(data) => (
          <ul className="kp-service-list">
            {data.items.map((item) => (
              <li key={item.id} className="kp-service-item" data-request={item.number}>
                <div className="kp-service-item__head">
                  <a className="kp-service-item__title" href={serviceRequestHref(lang, item.id)} onClick={follow(serviceRequestHref(lang, item.id))}>
                    {t(`service.kind.${item.kind}`)}: <span lang={item.locale}>{item.title}</span>
                  </a>
                  <StatusBadge lang={lang} status={item.status} />
                </div>
                <p className="kp-service-item__meta">
                  {item.number}
                  {item.reference && (
                    <>
                      {" · "}
                      <ReferenceLink lang={lang} reference={item.reference} />
                    </>
                  )}
                  {" · "}
                  {t("service.updated", { date: formatInstant(item.updatedAt, lang) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Block>
    </>
  );
}
