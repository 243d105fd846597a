import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "../../../core/api/errors.ts";
import type { Attachment } from "../../../core/api/schemas/business.ts";
import { SERVICE_KINDS, type ServiceReference, type ServiceRequest, type ServiceRequestInput } from "../../../core/api/schemas/business/service.ts";
import { newIdempotencyKey } from "../../../core/business/start-payment.ts";
import { validateServiceRequest, type ServiceDraftStart } from "../../../core/business/service.ts";
import { contentLocale, type Lang } from "../../../core/i18n/locale.ts";
import type { FieldError as Refusal } from "../../../core/validation/field-error.ts";
import { recheckShown } from "../../../core/validation/recheck-shown.ts";
import { useT } from "../../shell/use-t.ts";
import { ErrorSummary } from "../../shared/ErrorSummary.tsx";
import { FieldError } from "../../shared/FieldError.tsx";
import { FileDropZone } from "../../shared/FileDropZone.tsx";
import { errorMessage } from "../../shared/messages.ts";
import { useReferenceName } from "./ServiceBits.tsx";
import { useServiceApi } from "./use-service-api.ts";

type Props = { lang: Lang; start: ServiceDraftStart; onCancel: () => void; onSent: (request: ServiceRequest) => void };

/** The form's fields a refusal is shown beside: `reference.number` beside the reference, `attachmentIds.2` beside the photos. */
const fieldOf = (field: string): "kind" | "description" | "reference" | "attachmentIds" | "form" =>
  field === "kind" || field === "description"
    ? field
    : field.startsWith("reference")
      ? "reference"
      : field.startsWith("attachmentIds")
        ? "attachmentIds"
        : "form";

/**
 * A new service request: what it is about, the reference it was raised from (removable), a
 * description and photos (the bonus tool's drop zone, its rules and quotas). Checked here with the
 * API's own rules; a refusal of the API lands beside its field; a failed send keeps everything typed
 * and sends again with the same Idempotency-Key, so a lost answer never makes a second request.
 */
export function ServiceForm({ lang, start, onCancel, onSent }: Props) {
  const t = useT(lang);
  const calls = useServiceApi();
  const referenceName = useReferenceName(lang);
  const [kind, setKind] = useState<string>(start.kind);
  const [reference, setReference] = useState<ServiceReference | null>(start.reference);
  const [description, setDescription] = useState("");
  const [photos, setPhotos] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<Refusal[]>([]);
  const [status, setStatus] = useState<"idle" | "sending" | "failed">("idle");
  // One key per attempt: kept while the same input is sent again, renewed once the input changes.
  const attempt = useRef<{ key: string; input: string } | undefined>(undefined);

  const input = (): ServiceRequestInput => ({
    kind: kind as ServiceRequestInput["kind"],
    description,
    reference,
    attachmentIds: photos.map((photo) => photo.id),
    // Written in the screen's language, as far as anyone can tell: screens in the other language mark it so.
    locale: contentLocale(lang),
  });

  // A refused field is checked again after every change: a fixed one stops showing red at once.
  const [checked, setChecked] = useState({ kind, description, photos });
  if (checked.kind !== kind || checked.description !== description || checked.photos !== photos) {
    setChecked({ kind, description, photos });
    if (errors.length > 0) setErrors(recheckShown(errors, validateServiceRequest(input())));
  }

  const byField = new Map<string, string>();
  for (const error of errors) {
    const field = fieldOf(error.field);
    if (!byField.has(field)) byField.set(field, errorMessage(lang, error.code, `service.${field}`));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const body = input();
    const found = validateServiceRequest(body);
    setErrors(found);
    if (found.length > 0) return;
    const fingerprint = JSON.stringify(body);
    const current = attempt.current?.input === fingerprint ? attempt.current : { key: newIdempotencyKey(), input: fingerprint };
    attempt.current = current;
    setStatus("sending");
    try {
      const created = await calls.create(body, current.key);
      if (created) onSent(created);
      else setStatus("failed");
    } catch (failure) {
      const refused = failure instanceof ApiError ? failure.validation : undefined;
      if (refused) {
        setErrors(refused.errors);
        setStatus("idle");
      } else setStatus("failed");
    }
  }

  const described = (field: string, hint?: string) => ({
    id: `kp-service-${field}`,
    "aria-describedby": [hint, `kp-service-${field}-error`].filter(Boolean).join(" "),
    "aria-invalid": byField.has(field) ? true : undefined,
  });

  return (
    <>
      <h1>{t("service.form.title")}</h1>
      <form className="kp-form kp-service-form" onSubmit={(event) => void send(event)} noValidate data-form="service-request">
        <ErrorSummary lang={lang} items={[...byField.entries()].map(([field, message]) => ({ href: `#kp-service-${field}`, message }))} />
        {reference && (
          <div className="kp-field" data-field="reference">
            <p className="kp-service-label">{t("service.form.reference")}</p>
            <p className="kp-service-reference" id="kp-service-reference" tabIndex={-1} data-reference={`${reference.type}:${reference.number}`}>
              <strong>{referenceName(reference)}</strong>
              <button
                type="button"
                className="kp-link-button"
                aria-label={t("service.form.removeReferenceLabel", { reference: referenceName(reference) })}
                onClick={() => {
                  setReference(null);
                  setErrors((list) => list.filter((error) => fieldOf(error.field) !== "reference"));
                }}
              >
                {t("service.form.removeReference")}
              </button>
            </p>
            <FieldError id="kp-service-reference-error" message={byField.get("reference")} />
          </div>
        )}
        <div className="kp-field" data-field="kind">
          <label htmlFor="kp-service-kind">{t("service.form.kind")}</label>
          <select {...described("kind")} value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">{t("service.form.chooseKind")}</option>
            {SERVICE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`service.kind.${option}`)}
              </option>
            ))}
          </select>
          <FieldError id="kp-service-kind-error" message={byField.get("kind")} />
        </div>
        <div className="kp-field" data-field="description">
          <label htmlFor="kp-service-description">{t("service.form.description")}</label>
          <p id="kp-service-description-hint" className="kp-field__hint">
            {t("service.form.descriptionHint")}
          </p>
          <textarea {...described("description", "kp-service-description-hint")} value={description} onChange={(event) => setDescription(event.target.value)} />
          <FieldError id="kp-service-description-error" message={byField.get("description")} />
        </div>
        <FileDropZone
          lang={lang}
          id="kp-service-attachmentIds"
          label={t("service.form.photos")}
          hint={t("service.form.photosHint")}
          stored={photos}
          upload={(file, onProgress) => calls.upload(file, onProgress)}
          onUploaded={(photo) => setPhotos((list) => [...list, photo])}
          onRemove={(photo) => setPhotos((list) => list.filter((item) => item.id !== photo.id))}
          open={async (photo) => (await calls.photo(photo.id)) ?? undefined}
          error={byField.get("attachmentIds")}
          listName="service-photos"
        />
        {status === "failed" && (
          <p className="kp-alert kp-alert--error" role="alert" data-send-failed>
            {t("service.form.failed")}
          </p>
        )}
        <p className="kp-biz-actions">
          <button type="submit" className="kp-button kp-button--primary" disabled={status === "sending"}>
            {status === "sending" ? t("service.form.sending") : t("service.form.send")}
          </button>
          <button type="button" className="kp-link-button" onClick={onCancel}>
            {t("service.form.cancel")}
          </button>
        </p>
      </form>
    </>
  );
}
