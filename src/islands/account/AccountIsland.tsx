import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import { loadAccountDetails } from "../../core/portal/account-api.ts";
import { $permissions, $selectedAccount } from "../../core/stores/selected-account.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { AccountForm } from "./AccountForm.tsx";
import { AccountView } from "./AccountView.tsx";
import { Block } from "../shared/Block.tsx";
import { Notice } from "../shared/Notice.tsx";
import { useResource } from "../shared/use-resource.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("account");

/** The account details page: every field for anyone signed in; an edit form with HOOFDDATA. */
export default function AccountIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="account">
      <AccountDetailsScreen lang={lang} />
    </PortalGuard>
  );
}

function AccountDetailsScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const accountNumber = useStore($selectedAccount) ?? "";
  const canEdit = isAllowed(["HOOFDDATA"], useStore($permissions));
  const details = useResource((account) => loadAccountDetails(api(), account));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const savedNotice = useRef<HTMLDivElement>(null);

  const editButton = canEdit && !editing && details.state.status === "ready" && (
    <button type="button" className="kp-button kp-button--primary" onClick={() => { setSaved(false); setEditing(true); }}>
      {t("portal.account.edit")}
    </button>
  );

  return (
    <div className="kp-container kp-portal">
      <h1>{t("portal.account.title")}</h1>
      {saved && <Notice ref={savedNotice} tone="success" message={t("portal.account.saved")} />}
      {!canEdit && <p className="kp-lead" data-read-only>{t("portal.account.readOnly")}</p>}
      <Block lang={lang} name="account" title={details.state.status === "ready" ? details.state.data.name : t("portal.account.title")} state={details.state} onRetry={details.reload} lines={8} actions={editButton}>
        {(account) =>
          editing ? (
            <AccountForm
              lang={lang}
              accountNumber={accountNumber}
              account={account}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
                // Show what the API now holds (no-cache), not what the form sent.
                details.reload();
                requestAnimationFrame(() => savedNotice.current?.focus());
              }}
            />
          ) : (
            <AccountView lang={lang} account={account} />
          )
        }
      </Block>
    </div>
  );
}
