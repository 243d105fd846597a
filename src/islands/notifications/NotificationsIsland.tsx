import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useResource } from "../shared/use-resource.ts";
import { ApiError } from "../../core/api/errors.ts";
import { formatDay } from "../../core/format.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { openInboxItem } from "../../core/portal/inbox.ts";
import { inboxTarget, invoiceFacts } from "../../core/business/inbox-facts.ts";
import { runtimeSettings } from "../../core/auth/runtime-settings.ts";
import { $selectedAccount } from "../../core/stores/selected-account.ts";
import { Block } from "../shared/Block.tsx";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { InboxList } from "./InboxList.tsx";
import { useInbox } from "./use-inbox.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("notifications");

/** The notifications page: the inbox, and one notification opened (`?id=<guid>`), which marks it read. */
export default function NotificationsIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="notifications">
      <Notifications lang={lang} />
    </PortalGuard>
  );
}

const PAGE = "/mijn-account/meldingen";
const idFromLocation = (): string | null => new URLSearchParams(window.location.search).get("id");

function Notifications({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const accountNumber = useStore($selectedAccount) ?? "";
  const { state, reload } = useInbox(accountNumber, lang);
  const [openId, setOpenId] = useState<string | null>(idFromLocation);

  useEffect(() => {
    const onPop = (): void => setOpenId(idFromLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const show = useCallback((guid: string | null) => {
    const url = guid ? `${localizedPath(lang, PAGE)}?id=${encodeURIComponent(guid)}` : localizedPath(lang, PAGE);
    window.history.pushState(null, "", url);
    setOpenId(guid);
  }, [lang]);

  if (openId) return <OpenedNotification lang={lang} guid={openId} onBack={() => show(null)} />;

  return (
    <div className="kp-container kp-portal">
      <h1>{t("portal.inbox.title")}</h1>
      <Block lang={lang} name="inbox" title={t("portal.inbox.all")} state={state} onRetry={reload} lines={5}
        actions={state.status === "ready" ? <p className="kp-count" data-unread-count={state.data.unread}>{t("portal.inbox.unread", { count: state.data.unread })}</p> : undefined}
      >
        {(inbox) => (
          <InboxList
            lang={lang}
            items={inbox.items}
            hrefOf={(item) => `${localizedPath(lang, PAGE)}?id=${encodeURIComponent(item.guid)}`}
            onOpen={(item, event) => {
              event.preventDefault();
              show(item.guid);
            }}
          />
        )}
      </Block>
    </div>
  );
}

/** One notification; opening it is what marks it read (POST /inbox/{guid}). */
function OpenedNotification({ lang, guid, onBack }: { lang: Lang; guid: string; onBack: () => void }) {
  const t = useT(lang);
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, reload } = useResource(async (account, client) => {
    try {
      return { item: await openInboxItem(client, account, guid, lang) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { item: null };
      throw error;
    }
  }, [guid, lang]);
  const item = state.status === "ready" ? state.data.item : undefined;

  useEffect(() => {
    if (item) heading.current?.focus();
  }, [item]);

  return (
    <div className="kp-container kp-portal">
      <p>
        <a
          href={localizedPath(lang, PAGE)}
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          {t("portal.inbox.back")}
        </a>
      </p>
      <Block lang={lang} name="notification" state={state} onRetry={reload} lines={4} isEmpty={(data) => !data.item} empty={t("portal.inbox.notFound")}>
        {({ item }) => {
          if (!item) return null;
          const target = inboxTarget(item, lang, runtimeSettings().auth.domain);
          return (
            <article className="kp-notification" data-notification={item.guid}>
              <h1 ref={heading} tabIndex={-1}>
                {item.title}
              </h1>
              <p className="kp-inbox__meta">
                {t(`portal.inbox.category.${item.category}`)} · <time dateTime={item.createdAt}>{formatDay(item.createdAt, lang)}</time>
              </p>
              {item.body.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              {item.invoice && (
                <section className="kp-notification__facts" aria-labelledby="kp-notification-invoice">
                  <h2 id="kp-notification-invoice" className="kp-notification__facts-title">{t("portal.inbox.invoice.title")}</h2>
                  <dl className="kp-facts" data-notification-invoice={item.invoice.number}>
                    {invoiceFacts(item.invoice, lang).map((fact) => (
                      <div key={fact.label} className="kp-facts__row">
                        <dt>{t(fact.label)}</dt>
                        <dd>{fact.dateTime ? <time dateTime={fact.dateTime}>{fact.value}</time> : fact.value}</dd>
                      </div>
                    ))}
                  </dl>
                </section>
              )}
              {target && (
                <p>
                  <a className="kp-button kp-button--primary" href={target.href} data-notification-link>
                    {t(target.label, { number: target.number ?? "" })}
                  </a>
                </p>
              )}
            </article>
          );
        }}
      </Block>
    </div>
  );
}
