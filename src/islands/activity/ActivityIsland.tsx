import { useStore } from "@nanostores/react";
import { useState } from "react";
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from "../../core/api/schemas/colleagues.ts";
import { pluralKey, type Lang } from "../../core/i18n/locale.ts";
import { activityCsv, fieldLabel, filterActivity, kindLabel, loadActivity, NO_FILTER, peopleIn, type ActivityFilter } from "../../core/portal/activity.ts";
import { formatMoment } from "../../core/portal/person-state.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";
import { $selectedAccount, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import { Block } from "../shared/Block.tsx";
import { saveBlob } from "../shared/download.ts";
import { useResource } from "../shared/use-resource.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import "../users/users.css";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("activity");

/** /mijn-account/activiteit (GEBRUIKERSBEHEER): the account's activity log, filtered, and as CSV. */
export default function ActivityIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="activity">
      <ActivityScreen lang={lang} />
    </PortalGuard>
  );
}

function ActivityScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const account = useStore($selectedAccountRecord);
  const log = useResource((accountNumber, client) => loadActivity(client, accountNumber));
  return (
    <div className="kp-container kp-portal" data-page="activity">
      <h1>{t("portal.activity.title")}</h1>
      {account && <p className="kp-lead">{t("portal.activity.intro", { name: account.name })}</p>}
      <Block lang={lang} name="activity" title={t("portal.activity.title")} state={log.state} onRetry={log.reload} lines={8}>
        {(rows) => <ActivityLog lang={lang} rows={rows} />}
      </Block>
    </div>
  );
}

function ActivityLog({ lang, rows }: { lang: Lang; rows: ActivityEntry[] }) {
  const t = useT(lang);
  const accountNumber = useStore($selectedAccount) ?? "";
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER);
  if (rows.length === 0) return <p className="kp-block__empty">{t("portal.activity.empty")}</p>;
  const shown = filterActivity(rows, filter);
  const set = (change: Partial<ActivityFilter>): void => setFilter({ ...filter, ...change });
  const download = (): void =>
    saveBlob(new Blob([activityCsv(shown, lang)], { type: "text/csv;charset=utf-8" }), `${lang === "en" ? "activity" : "activiteit"}-${accountNumber}.csv`);
  return (
    <>
      <form className="kp-form kp-activity__filters" aria-label={t("portal.activity.filters")} onSubmit={(event) => event.preventDefault()}>
        <div className="kp-field">
          <label htmlFor="activity-person">{t("portal.activity.person")}</label>
          <select id="activity-person" value={filter.person} onChange={(event) => set({ person: event.target.value })}>
            <option value="">{t("portal.activity.everyone")}</option>
            {peopleIn(rows).map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </div>
        <div className="kp-field">
          <label htmlFor="activity-kind">{t("portal.activity.kind")}</label>
          <select id="activity-kind" value={filter.kind} onChange={(event) => set({ kind: event.target.value as ActivityKind | "" })}>
            <option value="">{t("portal.activity.everything")}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindLabel(kind))}
              </option>
            ))}
          </select>
        </div>
        <div className="kp-field">
          <label htmlFor="activity-from">{t("portal.activity.from")}</label>
          <input id="activity-from" type="date" value={filter.from} max={filter.to || undefined} onChange={(event) => set({ from: event.target.value })} />
        </div>
        <div className="kp-field">
          <label htmlFor="activity-to">{t("portal.activity.to")}</label>
          <input id="activity-to" type="date" value={filter.to} min={filter.from || undefined} onChange={(event) => set({ to: event.target.value })} />
        </div>
        <div className="kp-portal-actions">
          <button type="button" className="kp-button" onClick={() => setFilter(NO_FILTER)}>
            {t("portal.activity.clear")}
          </button>
          <button type="button" className="kp-button kp-button--primary" onClick={download} disabled={shown.length === 0}>
            {t("portal.activity.export")}
          </button>
        </div>
      </form>
      <p className="kp-muted" role="status">
        {t(pluralKey(lang, "portal.activity.count", shown.length), { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="kp-block__empty">{t("portal.activity.noMatch")}</p>
      ) : (
        <div className="kp-table-wrap" tabIndex={0} role="region" aria-label={t("portal.activity.title")}>
          <table className="kp-table kp-activity">
            <thead>
              <tr>
                <th scope="col">{t("portal.activity.when")}</th>
                <th scope="col">{t("portal.activity.who")}</th>
                <th scope="col">{t("portal.activity.what")}</th>
                <th scope="col">{t("portal.activity.change")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} data-kind={row.kind}>
                  <th scope="row">
                    <time dateTime={row.at}>{formatMoment(row.at, lang)}</time>
                  </th>
                  <td data-label={t("portal.activity.who")}>{row.actor.name}</td>
                  <td data-label={t("portal.activity.what")}>
                    {/* One element: as a card on a phone, the cell's content sits in one column beside its label. */}
                    <div>
                      <strong>{t(kindLabel(row.kind))}</strong>
                      {row.subject && <span className="kp-activity__subject">{row.subject}</span>}
                    </div>
                  </td>
                  <td data-label={t("portal.activity.change")}>
                    {row.field ? (
                      <span data-field={row.field}>
                        {fieldLabel(row.field, lang)}: {row.oldValue ?? "–"} → {row.newValue ?? "–"}
                      </span>
                    ) : (
                      "–"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
