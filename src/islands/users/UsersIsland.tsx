import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { PermissionCatalogue, RelatedContact } from "../../core/api/schemas/colleagues.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import { isInvitation } from "../../core/portal/person-state.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import { loadAccountDetails } from "../../core/portal/account-api.ts";
import { createBody, updateBody, type UserFormValues } from "../../core/portal/user-form.ts";
import { failureNotice, successNotice, type Notice as NoticeData } from "../../core/portal/user-outcomes.ts";
import { editRefusal } from "../../core/permissions/user-management.ts";
import { actorOn, asMember, type Me } from "../../core/portal/user-guards.ts";
import { usersApi } from "../../core/portal/users-api.ts";
import { combine, dataOf } from "../../core/stores/resource.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $accounts } from "../../core/stores/accounts.ts";
import { permissionsFor } from "../../core/auth/user.ts";
import type { AccountGrant } from "../../core/api/schemas/people-requests.ts";
import { outletChoices } from "../../core/portal/outlet-choice.ts";
import { useOutletPeople } from "./use-outlet-people.ts";
import { $permissions, $selectedAccount, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import { Block } from "../shared/Block.tsx";
import { Notice } from "../shared/Notice.tsx";
import { useResource } from "../shared/use-resource.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { BillingInfo } from "./BillingInfo.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { UserDetails } from "./UserDetails.tsx";
import { UserForm } from "./UserForm.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";
import { hasAnswered } from "../../core/stores/resource.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("users");

/** The 'Users and billing' page (GEBRUIKERSBEHEER): the account's users with add, edit, show and remove, and its billing information. */
export default function UsersIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="users">
      <MyCompany lang={lang} />
    </PortalGuard>
  );
}

/** The confirmation dialog's texts per action. */
const CONFIRM_TEXTS = {
  remove: { title: "portal.users.confirm.title", body: "portal.users.confirm.body", yes: "portal.users.confirm.yes" },
  handOver: { title: "portal.users.handOver.title", body: "portal.users.handOver.body", yes: "portal.users.handOver.yes" },
  revoke: { title: "portal.users.revokeConfirm.title", body: "portal.users.revokeConfirm.body", yes: "portal.users.revokeConfirm.yes" },
  deactivate: { title: "portal.users.deactivateConfirm.title", body: "portal.users.deactivateConfirm.body", yes: "portal.users.deactivateConfirm.yes" },
} as const satisfies Record<string, { title: MessageKey; body: MessageKey; yes: MessageKey }>;

type View = { kind: "list" } | { kind: "create" } | { kind: "edit"; id: string } | { kind: "show"; id: string };
type Shown = NoticeData & { showId?: string };

function MyCompany({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const accountNumber = useStore($selectedAccount) ?? "";
  const account = useStore($selectedAccountRecord);
  const held = useStore($permissions);
  const { user } = useStore($auth);
  const me: Me = { id: user?.sub ?? "", email: user?.email ?? "" };
  const calls = usersApi(api(), accountNumber);
  const contacts = useResource((account, client) => usersApi(client, account).related());
  const catalogue = useResource((account, client) => usersApi(client, account).catalogue());
  const details = useResource((account, client) => loadAccountDetails(client, account, lang), lang);
  const [view, setView] = useState<View>({ kind: "list" });
  const [notice, setNotice] = useState<Shown | undefined>();
  // One confirmation at a time: removing a user, or handing the main user's role over.
  const [confirming, setConfirming] = useState<{ action: "remove" | "handOver" | "revoke" | "deactivate"; contact: RelatedContact } | undefined>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Someone who manages the users of several accounts adds a colleague to any of them in one form.
  const { list: accounts } = useStore($accounts);
  const managedOutlets = outletChoices(accounts, user?.sitePermissions ?? [], accountNumber);
  const several = managedOutlets.length >= 2;
  const outletPeople = useOutletPeople(
    view.kind === "create" && several,
    managedOutlets.map((outlet) => outlet.accountNumber).filter((number) => number !== accountNumber),
    accountNumber,
    dataOf(contacts.state) ?? [],
  );

  const announce = (next: Shown): void => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const go = (next: View): void => {
    setView(next);
    if (next.kind !== "list") setNotice(undefined);
  };

  async function create(values: UserFormValues, grants?: AccountGrant[]): Promise<void> {
    try {
      const created = await calls.create(createBody(values, grants));
      contacts.reload();
      setView({ kind: "list" });
      // 'Show user' only when this account's list holds the invitation (it was among the outlets chosen).
      const here = !grants || grants.some((grant) => grant.accountNumber === accountNumber);
      announce({ ...successNotice("create", `${created.firstName} ${created.lastName}`), ...(here ? { showId: created.id } : {}) });
    } catch (error) {
      announce(failureNotice("create", error));
      throw error;
    }
  }

  async function update(contact: RelatedContact, values: UserFormValues): Promise<void> {
    try {
      const saved = await calls.update(contact.id, updateBody(values, contact));
      contacts.reload();
      setView({ kind: "list" });
      announce({ ...successNotice("edit", `${saved.firstName} ${saved.lastName}`), showId: saved.id });
    } catch (error) {
      announce(failureNotice("edit", error));
      throw error;
    }
  }

  async function remove(contact: RelatedContact): Promise<void> {
    setBusy(true);
    try {
      await calls.remove(contact.id);
      setConfirming(undefined);
      contacts.reload();
      setView({ kind: "list" });
      announce(successNotice("remove", `${contact.firstName} ${contact.lastName}`));
    } catch (error) {
      setConfirming(undefined);
      announce(failureNotice("remove", error));
    } finally {
      setBusy(false);
    }
  }

  /**
   * The one-step actions on a person: resend (a new link; the old one dies) or revoke an invitation
   * not yet accepted, deactivate (no access, history kept) or reactivate a colleague.
   */
  async function invitation(action: "resend" | "revoke" | "deactivate" | "reactivate", contact: RelatedContact): Promise<void> {
    setBusy(true);
    try {
      await calls[action](contact.id);
      setConfirming(undefined);
      contacts.reload();
      setView({ kind: "list" });
      announce(successNotice(action, `${contact.firstName} ${contact.lastName}`));
    } catch (error) {
      setConfirming(undefined);
      announce(failureNotice(action, error));
    } finally {
      setBusy(false);
    }
  }

  async function handOver(contact: RelatedContact): Promise<void> {
    setBusy(true);
    try {
      const next = await calls.handOver(contact.id);
      setConfirming(undefined);
      contacts.reload();
      setView({ kind: "list" });
      announce(successNotice("handOver", `${next.firstName} ${next.lastName}`));
    } catch (error) {
      setConfirming(undefined);
      announce(failureNotice("handOver", error));
    } finally {
      setBusy(false);
    }
  }

  const noticeView = notice && (
    <Notice ref={noticeRef} tone={notice.tone} title={t(notice.title)} message={t(notice.message, notice.vars)}>
      {notice.showId && (
        <p>
          <button type="button" className="kp-link-button" onClick={() => go({ kind: "show", id: notice.showId ?? "" })}>
            {t("portal.users.show")}
          </button>
        </p>
      )}
    </Notice>
  );

  const screen = (list: RelatedContact[], permissions: PermissionCatalogue) => {
    const actor = actorOn(list, me, held);
    const find = (id: string): RelatedContact | undefined => list.find((entry) => entry.id === id);
    const back = (
      <p>
        <button type="button" className="kp-link-button" onClick={() => go({ kind: "list" })}>
          {t("portal.users.back")}
        </button>
      </p>
    );
    if (view.kind === "create") {
      return (
        <section aria-labelledby="kp-user-form-title">
          {back}
          <h3 id="kp-user-form-title">{t("portal.users.addTitle")}</h3>
          {noticeView}
          <UserForm
            lang={lang}
            catalogue={permissions}
            contacts={list}
            actor={actor}
            outlets={several ? { initial: managedOutlets, people: outletPeople, viewer: { me, held: (number) => permissionsFor(user?.sitePermissions ?? [], number) } } : undefined}
            onSubmit={create}
            onCancel={() => go({ kind: "list" })}
          />
        </section>
      );
    }
    const contact = view.kind === "list" ? undefined : find(view.id);
    const editBlocked = contact && !isInvitation(contact) ? editRefusal(actor, asMember(contact))?.code : undefined;
    const editable = contact !== undefined && !isInvitation(contact) && editBlocked === undefined;
    if (view.kind === "edit" && contact && editable) {
      return (
        <section aria-labelledby="kp-user-form-title">
          {back}
          <div className="kp-block__header">
            <h3 id="kp-user-form-title">{t("portal.users.editTitle")}: {contact.firstName} {contact.lastName}</h3>
            <button type="button" className="kp-button" onClick={() => go({ kind: "show", id: contact.id })}>
              {t("portal.users.show")}
            </button>
          </div>
          {noticeView}
          <UserForm key={contact.id} lang={lang} catalogue={permissions} contact={contact} contacts={list} actor={actor} onSubmit={(values) => update(contact, values)} onCancel={() => go({ kind: "list" })} />
        </section>
      );
    }
    if (view.kind === "show" && contact) {
      return (
        <section aria-labelledby="kp-user-show-title">
          {back}
          <h3 id="kp-user-show-title">{t("portal.users.showTitle")}: {contact.firstName} {contact.lastName}</h3>
          <ShownUser lang={lang} listed={contact} />
          {isInvitation(contact) ? null : editBlocked ? (
            <p className="kp-muted" data-edit-blocked={editBlocked}>
              {t(`validation.${editBlocked}`)}
            </p>
          ) : (
            <div className="kp-portal-actions">
              <button type="button" className="kp-button kp-button--primary" onClick={() => go({ kind: "edit", id: contact.id })}>
                {t("portal.users.edit")}
              </button>
            </div>
          )}
        </section>
      );
    }
    return (
      <>
        {noticeView}
        <UsersTable lang={lang} contacts={list} me={me} actor={actor} onShow={(c) => go({ kind: "show", id: c.id })} onEdit={(c) => go({ kind: "edit", id: c.id })} onHandOver={(contact) => setConfirming({ action: "handOver", contact })} onRemove={(contact) => setConfirming({ action: "remove", contact })} onResend={(contact) => void invitation("resend", contact)} onRevoke={(contact) => setConfirming({ action: "revoke", contact })} onDeactivate={(contact) => setConfirming({ action: "deactivate", contact })} onReactivate={(contact) => void invitation("reactivate", contact)} />
      </>
    );
  };

  const addButton = view.kind === "list" && (
    <button type="button" className="kp-button kp-button--primary" onClick={() => go({ kind: "create" })}>
      {t("portal.users.add")}
    </button>
  );
  const both = combine(contacts.state, catalogue.state);

  return (
    <div className="kp-container kp-portal">
      <h1>{t("portal.users.pageTitle")}</h1>
      {account && <p className="kp-lead">{t("portal.users.intro", { name: account.name })}</p>}
      <Block lang={lang} name="users" title={t("portal.users.title")} state={both} onRetry={() => { contacts.reload(); catalogue.reload(); }} lines={6} actions={addButton}>
        {([list, permissions]) => screen(list, permissions)}
      </Block>
      {hasAnswered(both) && (
        <Block lang={lang} name="billing" title={t("portal.billing.title")} state={details.state} onRetry={details.reload} lines={5}>
          {(data) => <BillingInfo lang={lang} account={data} canEdit={isAllowed(["HOOFDDATA"], held)} />}
        </Block>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t(CONFIRM_TEXTS[confirming?.action ?? "remove"].title)}
        body={confirming ? t(CONFIRM_TEXTS[confirming.action].body, { name: `${confirming.contact.firstName} ${confirming.contact.lastName}` }) : ""}
        confirmLabel={t(CONFIRM_TEXTS[confirming?.action ?? "remove"].yes)}
        cancelLabel={t("portal.form.cancel")}
        busy={busy}
        onConfirm={() => {
          if (confirming?.action === "handOver") void handOver(confirming.contact);
          else if (confirming?.action === "revoke" || confirming?.action === "deactivate") void invitation(confirming.action, confirming.contact);
          else if (confirming) void remove(confirming.contact);
        }}
        onClose={() => setConfirming(undefined)}
      />
    </div>
  );
}

/**
 * 'Show user': the user as GET /userpermissions/{id} answers now; the list's copy stands in while it
 * loads or when the call fails, so the page never goes blank.
 */
function ShownUser({ lang, listed }: { lang: Lang; listed: RelatedContact }) {
  const shown = useResource((account, client) => usersApi(client, account).contact(listed.id), listed.id);
  return <UserDetails lang={lang} contact={dataOf(shown.state) ?? listed} />;
}
