import { useCallback, useEffect, useState } from "react";
import { draftFromQuery, serviceRequestHref } from "../../../core/business/service.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { ServiceDetail } from "./ServiceDetail.tsx";
import { ServiceForm } from "./ServiceForm.tsx";
import { ServiceList } from "./ServiceList.tsx";

/**
 * The service screen's three views, chosen by the page URL so that back and forward, a reload and a
 * notification's link all land on the same one: `?id=` one request, `?new=1` (optionally `&ref=…&kind=…`,
 * how an invoice, a delivery or an empties line raises one) the form, otherwise the list.
 */
export function ServicePage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [search, setSearch] = useState(() => window.location.search);
  const [sent, setSent] = useState<string | undefined>();
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const go = useCallback((href: string) => {
    window.history.pushState(null, "", href);
    setSearch(window.location.search);
    window.scrollTo(0, 0);
  }, []);

  const params = new URLSearchParams(search);
  const id = params.get("id");
  const draft = draftFromQuery(params);
  const listHref = window.location.pathname;

  return (
    <div className="kp-container kp-biz" data-page="service">
      {id ? (
        <ServiceDetail key={id} lang={lang} id={id} sent={sent === id} listHref={listHref} go={go} />
      ) : draft.open ? (
        <ServiceForm
          key={search}
          lang={lang}
          start={draft}
          onCancel={() => go(listHref)}
          onSent={(request) => {
            setSent(request.id);
            // The form's URL is replaced, so back does not offer the sent form again.
            window.history.replaceState(null, "", serviceRequestHref(lang, request.id));
            setSearch(window.location.search);
            window.scrollTo(0, 0);
          }}
        />
      ) : (
        <>
          <h1>{t("service.title")}</h1>
          <p className="kp-intro">{t("service.intro")}</p>
          <ServiceList lang={lang} go={go} newHref={`${listHref}?new=1`} />
        </>
      )}
    </div>
  );
}
