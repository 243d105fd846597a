import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { Lang } from "../../core/i18n/locale.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import { loadAccountDetails } from "../../core/portal/account-api.ts";
import { accountFormValues, type AccountFormValues } from "../../core/portal/account-form.ts";
import { restoreChange } from "../../core/session/step-up.ts";
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
  const details = useResource((account, client) => loadAccountDetails(client, account, lang), lang);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const savedNotice = useRef<HTMLDivElement>(null);
  // Back from signing in again for a money change: the form opens with what was typed before.
  const [draft, setDraft] = useState<AccountFormValues | undefined>();
  const draftChecked = useRef(false);
  const loaded = details.state.status === "ready" ? details.state.data : undefined;
  useEffect(() => {
    if (!loaded || !canEdit || !accountNumber || draftChecked.current) return;
    draftChecked.current = true;
    void restoreChange(accountNumber, accountFormValues(loaded)).then((values) => {
      if (!values) return;
      setDraft(values);
      setEditing(true);
    });
  }, [loaded, canEdit, accountNumber]);

  const editButton = canEdit && !editing && details.state.status === "ready" && (
    <button type="button" className="kp-button kp-button--primary" onClick={() => { setSaved(false); setEditing(true); }}>
      {t("portal.account.edit")}
    </button>
  );

  return (
    <div className="kp-container kp-portal">
      <h1>{t("portal.account.title")}</h1>
      {saved && <Notice ref={savedNotice} tone="success" message={t("portal.account.saved")} />}
      {editing && draft && <Notice tone="success" message={t("portal.account.stepUp.restored")} />}
      {!canEdit && <p className="kp-lead" data-read-only>{t("portal.account.readOnly")}</p>}
      <Block lang={lang} name="account" title={details.state.status === "ready" ? details.state.data.name : t("portal.account.title")} state={details.state} onRetry={details.reload} lines={8} actions={editButton}>
        {(account) =>
          editing ? (
            <AccountForm
              lang={lang}
              accountNumber={accountNumber}
              account={account}
              draft={draft}
              onCancel={() => {
                setEditing(false);
                setDraft(undefined);
              }}
              onSaved={() => {
                setEditing(false);
                setDraft(undefined);
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
