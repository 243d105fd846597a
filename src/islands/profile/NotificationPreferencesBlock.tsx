import { useRef, useState, type SubmitEvent } from "react";
import { DELIVERIES, type NotificationPreferences } from "../../core/api/schemas/notification-preferences.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import {
  deliveryLabel,
  loadOwnPreferences,
  notificationKinds,
  saveOwnPreferences,
} from "../../core/portal/notification-preferences.ts";
import { api } from "../../core/session/browser-client.ts";
import { Block } from "../shared/Block.tsx";
import { Notice } from "../shared/Notice.tsx";
import { useResource } from "../shared/use-resource.ts";
import { useT } from "../shell/use-t.ts";
import "./notification-preferences.css";

/**
 * The person's own notification preferences (docs/api-people.md, "Notification preferences"): per
 * kind no e-mail, at once, or a weekly summary. Loaded with the profile screen when it is shown.
 */
export default function NotificationPreferencesBlock({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const preferences = useResource((_account, client) => loadOwnPreferences(client));
  return (
    <Block
      lang={lang}
      name="notification-preferences"
      title={t("portal.notify.title")}
      state={preferences.state}
      onRetry={preferences.reload}
      lines={notificationKinds().length}
    >
      {(data) => <PreferencesForm lang={lang} preferences={data} onSaved={preferences.set} />}
    </Block>
  );
}

function PreferencesForm({
  lang,
  preferences,
  onSaved,
}: {
  lang: Lang;
  preferences: NotificationPreferences;
  onSaved: (saved: NotificationPreferences) => void;
}) {
  const t = useT(lang);
  const notice = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(preferences);
  const [outcome, setOutcome] = useState<"saved" | "failed" | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await saveOwnPreferences(api(), values);
      setValues(saved);
      onSaved(saved);
      setOutcome("saved");
    } catch {
      // The choices stay as made; saving again sends them again.
      setOutcome("failed");
    } finally {
      setSaving(false);
      requestAnimationFrame(() => notice.current?.focus());
    }
  }

  return (
    <form
      className="kp-form kp-notify"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={saving}
      data-notification-preferences
    >
      {outcome === "saved" && <Notice ref={notice} tone="success" message={t("portal.notify.saved")} />}
      {outcome === "failed" && (
        <Notice
          ref={notice}
          tone="error"
          title={t("common.error.title")}
          message={t("portal.form.saveFailed")}
        />
      )}
      <p className="kp-field__hint">{t("portal.notify.intro")}</p>
      {notificationKinds().map(({ kind, label }) => (
        <fieldset key={kind} className="kp-fieldset kp-notify__kind" data-kind={kind}>
          <legend>{t(label)}</legend>
          <div className="kp-notify__options">
            {DELIVERIES.map((delivery) => {
              const id = `notify-${kind}-${delivery}`;
              return (
                <div key={delivery} className="kp-check">
                  <input
                    id={id}
                    type="radio"
                    name={`notify-${kind}`}
                    value={delivery}
                    checked={values[kind] === delivery}
                    onChange={() => {
                      setValues({ ...values, [kind]: delivery });
                      setOutcome(undefined);
                    }}
                  />
                  <label htmlFor={id}>{t(deliveryLabel(delivery))}</label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="kp-portal-actions">
        <button type="submit" className="kp-button kp-button--primary" disabled={saving}>
          {saving ? t("portal.form.saving") : t("portal.notify.save")}
        </button>
      </div>
    </form>
  );
}
