import type { SalesContract } from "../../../core/api/schemas/business.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { pacingFromClaims } from "../../../core/business/pacing.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { Block } from "../../shared/Block.tsx";
import { PacingPanel } from "../../shared/PacingPanel.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";

/** The pace to the next bonus tier on the contract screen, up to the contract's end (claims readable with the contract's permission). */
export function ContractPacing({ lang, contract }: { lang: Lang; contract: Pick<SalesContract, "enddate"> }) {
  const claims = useBusinessResource(lang, (calls) => calls.claims());
  const today = todayIso();
  return (
    <Block lang={lang} name="pacing" state={claims.state} onRetry={claims.reload} lines={4}>
      {(data) => <PacingPanel lang={lang} pacing={pacingFromClaims(data.items, data.tiers, today, contract.enddate)} year={Number(today.slice(0, 4))} />}
    </Block>
  );
}
