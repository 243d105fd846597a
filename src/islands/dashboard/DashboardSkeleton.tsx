import type { Lang } from "../../core/i18n/locale.ts";
import { Block } from "../shared/Block.tsx";
import { Attention } from "./Attention.tsx";
import { useT } from "../shell/use-t.ts";

const LOADING = { status: "loading", data: undefined } as const;
const nothing = (): null => null;

/**
 * The dashboard while it loads, in the shape of the loaded page: the greeting's and account line's
 * places, the attention area and the four data blocks with their skeletons (sized per block in screens.css). The page's
 * static HTML shows it (Astro renders it as the island's fallback) and the guard keeps it while
 * signing in and loading the accounts, so the dashboard takes its place without moving anything.
 * Screen readers get the page title and each block's loading status.
 */
export function DashboardSkeleton({ lang }: { lang: Lang }) {
  const t = useT(lang);
  return (
    <div className="kp-container kp-portal kp-dashboard" aria-busy="true" data-dashboard-skeleton>
      <h1>
        <span className="kp-sr-only">{t("portal.dashboard.title")}</span>
        <span className="kp-placeholder" aria-hidden="true">
          {"\u00a0"}
        </span>
      </h1>
      <p className="kp-lead" aria-hidden="true">
        <span className="kp-placeholder">{"\u00a0"}</span>
      </p>
      <Attention lang={lang} input={{ today: "" }} complete={false} />
      <div className="kp-dashboard__grid">
        <Block
          lang={lang}
          name="invoices"
          title={t("portal.dashboard.invoices")}
          state={LOADING}
          onRetry={nothing}
          lines={6}
        >
          {nothing}
        </Block>
        <Block
          lang={lang}
          name="notifications"
          title={t("portal.inbox.title")}
          state={LOADING}
          onRetry={nothing}
        >
          {nothing}
        </Block>
        <Block
          lang={lang}
          name="contract"
          title={t("portal.dashboard.contract")}
          state={LOADING}
          onRetry={nothing}
        >
          {nothing}
        </Block>
        <Block
          lang={lang}
          name="contacts"
          title={t("portal.dashboard.contacts")}
          state={LOADING}
          onRetry={nothing}
        >
          {nothing}
        </Block>
      </div>
    </div>
  );
}
