import { useState } from "react";
import type { CoronaResponse } from "../../../core/api/schemas/business.ts";
import { formatDay } from "../../../core/format.ts";
import { localizedPath, type Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { ThtForm } from "./ThtForm.tsx";

/** The tht scheme: the registration's status, the form, and a link to its FAQ. */
export function ThtPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  const corona = useBusinessResource(lang, (calls) => calls.corona());
  // The answer of a save replaces what was loaded, without loading again.
  const [saved, setSaved] = useState<CoronaResponse | undefined>();

  return (
    <div className="kp-container kp-narrow kp-biz" data-page="tht">
      <h1>{t("biz.tht.title")}</h1>
      <p className="kp-intro">{t("biz.tht.intro")}</p>
      <p>
        <a href={localizedPath(lang, "/vragen-tht")}>{t("biz.tht.faq")}</a>
      </p>
      <Block lang={lang} name="tht" state={corona.state} onRetry={corona.reload} lines={6}>
        {(loaded) => {
          const data = saved ?? loaded;
          const { registration } = data;
          return (
            <>
              <section className="kp-biz-section" aria-labelledby="kp-tht-status">
                <h2 id="kp-tht-status">{t("biz.tht.status")}</h2>
                <dl className="kp-biz-facts">
                  <div>
                    <dt>{t("biz.bonus.col.status")}</dt>
                    <dd data-fact="status">
                      <span className={`kp-badge kp-badge--${registration.status}`}>{t(`biz.tht.statusValue.${registration.status}`)}</span>
                    </dd>
                  </div>
                  {registration.reference && (
                    <div>
                      <dt>{t("biz.tht.reference")}</dt>
                      <dd data-fact="reference">{registration.reference}</dd>
                    </div>
                  )}
                  {registration.updatedAt && (
                    <div>
                      <dt>{t("biz.tht.updated")}</dt>
                      <dd>{formatDay(registration.updatedAt, lang)}</dd>
                    </div>
                  )}
                </dl>
              </section>
              <ThtForm lang={lang} data={data} calls={calls} onSaved={setSaved} />
            </>
          );
        }}
      </Block>
    </div>
  );
}
