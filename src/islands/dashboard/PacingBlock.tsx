import { memo } from "react";
import type { BonusOverview } from "../../core/api/schemas/business.ts";
import { todayIso } from "../../core/business/contract-term.ts";
import { pacingFromClaims } from "../../core/business/pacing.ts";
import { pacingBonus, pacingHeadline, unsettledNote } from "../../core/business/pacing-text.ts";
import { loadMessages } from "../../core/i18n/index.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";
import "../shared/pacing.css";

// Loaded after the dashboard's first paint (React.lazy), with the strings it shares with the bonus screens.
await loadMessages("business");

/**
 * The dashboard's pace to the next bonus tier: the same sentence and bonus band as the bonus
 * overview's panel (PacingPanel), from the same claims, with a link to the whole picture.
 */
export default memo(function PacingBlock({ lang, overview }: { lang: Lang; overview: BonusOverview }) {
  const t = useT(lang);
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const pacing = pacingFromClaims(overview.items, overview.tiers, today);
  const bonus = pacingBonus(pacing, year, lang, t);
  const unsettled = unsettledNote(pacing, lang, t);
  return (
    <section className="kp-block" aria-labelledby="kp-dashboard-pacing" data-block="pacing">
      <div className="kp-block__header">
        <h2 id="kp-dashboard-pacing">{t("steer.pacing.title")}</h2>
      </div>
      <p className="kp-pacing__headline" data-pacing="headline">
        {pacingHeadline(pacing, year, lang, t)}
      </p>
      {bonus && <p data-pacing="bonus">{bonus}</p>}
      {unsettled && <p className="kp-pacing__pending">{unsettled}</p>}
      <p>
        <a href={localizedPath(lang, "/mijn-account/bonus-overzicht")}>{t("steer.pacing.more")}</a>
      </p>
    </section>
  );
});
