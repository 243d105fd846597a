import { useState, type FormEvent } from "react";
import { ApiError } from "../../../core/api/errors.ts";
import type { Attachment, CoronaResponse } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { coronaInput, emptyLine, errorsByField, linesFromRegistration, thtFieldPlace, type ThtLineDraft } from "../../../core/business/tht-form.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { validateCoronaInput } from "../../../core/business/tht-rules.ts";
import type { FieldError as Refusal } from "../../../core/validation/field-error.ts";
import { recheckShown } from "../../../core/validation/recheck-shown.ts";
import { useT } from "../../shell/use-t.ts";
import { ErrorSummary } from "../../shared/ErrorSummary.tsx";
import { FieldError } from "../../shared/FieldError.tsx";
import { FileDropZone } from "../../shared/FileDropZone.tsx";
import { errorMessage } from "../../shared/messages.ts";
import { ThtSummary } from "./ThtSummary.tsx";

type Props = { lang: Lang; data: CoronaResponse; calls: BusinessApi; onSaved: (data: CoronaResponse) => void };

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Rows of product, quantity and best-before date, attachments, and a save with field-level errors.
 * A submitted or approved registration shows read-only; a submitted one opens as fields on request.
 */
export function ThtForm({ lang, data, calls, onSaved }: Props) {
  const t = useT(lang);
  const locked = data.registration.status === "approved";
  const sent = locked || data.registration.status === "submitted";
  const [editing, setEditing] = useState(false);
  const [lines, setLines] = useState<ThtLineDraft[]>(() => linesFromRegistration(data.registration));
  const [attachments, setAttachments] = useState<Attachment[]>(data.registration.attachments);
  const [errors, setErrors] = useState<Refusal[]>([]);
  const [status, setStatus] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const byField = errorsByField(errors);

  // A refused field is checked again after every change (during render, so the stale message is
  // never painted): a fixed one stops showing red at once.
  const [checked, setChecked] = useState({ lines, attachments });
  if (checked.lines !== lines || checked.attachments !== attachments) {
    setChecked({ lines, attachments });
    if (errors.length > 0) {
      const input = coronaInput(lines, attachments.map((a) => a.id));
      const eligibleProducts = new Set(data.eligibleProducts.map((p) => p.id));
      setErrors(recheckShown(errors, validateCoronaInput(input, { today: today(), eligibleProducts })));
    }
  }

  const message = (field: string, scope?: string): string | undefined => {
    const code = byField.get(field);
    return code ? errorMessage(lang, code, scope) : undefined;
  };

  function update(index: number, change: Partial<ThtLineDraft>) {
    setLines((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
    setStatus("idle");
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = coronaInput(lines, attachments.map((a) => a.id));
    const found = validateCoronaInput(input, { today: today(), eligibleProducts: new Set(data.eligibleProducts.map((p) => p.id)) });
    setErrors(found);
    if (found.length > 0) {
      setStatus("idle");
      return;
    }
    setStatus("saving");
    try {
      const answer = await calls.saveCorona(input);
      if (answer) {
        setLines(linesFromRegistration(answer.registration));
        setAttachments(answer.registration.attachments);
        onSaved(answer);
      }
      setStatus("saved");
      setEditing(false);
    } catch (error) {
      const refused = error instanceof ApiError ? error.validation : undefined;
      if (refused) {
        setErrors(refused.errors);
        setStatus("idle");
      } else setStatus("failed");
    }
  }

  if (locked || (sent && !editing)) {
    return (
      <ThtSummary
        lang={lang}
        data={data}
        saved={status === "saved"}
        onEdit={
          locked
            ? undefined
            : () => {
                setStatus("idle");
                setEditing(true);
              }
        }
      />
    );
  }

  /** Where a refused field's summary line leads: the field, or for the lists their message. */
  const anchorOf = (field: string): string =>
    field === "attachments" ? "kp-tht-attachments" : field === "lines" || field.startsWith("attachmentIds") ? "kp-tht-lines-error" : `kp-tht-${field}`;
  // Each summary line names its field ("Regel 2, Houdbaar tot (THT): …"), not only its line.
  const summaryLine = (field: string): string => {
    const place = thtFieldPlace(field);
    const text = message(field, field === "attachments" ? "tht.attachments" : field.endsWith("quantity") ? "tht" : undefined) ?? "";
    const name = [place.line ? t("biz.tht.line", { n: place.line }) : undefined, place.label ? t(place.label) : undefined].filter(Boolean).join(", ");
    return name ? `${name}: ${text}` : text;
  };

  const fieldProps = (field: string) => ({
    id: `kp-tht-${field}`,
    "aria-describedby": `kp-tht-${field}-error`,
    "aria-invalid": byField.has(field) ? true : undefined,
  });

  return (
    <form className="kp-form kp-biz-form" onSubmit={(event) => void save(event)} noValidate data-form="tht">
      <ErrorSummary lang={lang} items={[...byField.keys()].map((field) => ({ href: `#${anchorOf(field)}`, message: summaryLine(field) }))} />
      <h2>{t("biz.tht.lines")}</h2>
      <FieldError id="kp-tht-lines-error" message={message("lines")} />
      {lines.map((line, i) => (
        <fieldset key={line.key} className="kp-biz-row" data-line={i}>
          <legend>{t("biz.tht.line", { n: i + 1 })}</legend>
          <div className="kp-field">
            <label htmlFor={`kp-tht-lines.${i}.productId`}>{t("biz.tht.product")}</label>
            <select {...fieldProps(`lines.${i}.productId`)} value={line.productId} onChange={(event) => update(i, { productId: event.target.value })}>
              <option value="">{t("biz.tht.chooseProduct")}</option>
              {data.eligibleProducts.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </select>
            <FieldError id={`kp-tht-lines.${i}.productId-error`} message={message(`lines.${i}.productId`)} />
          </div>
          <div className="kp-field">
            <label htmlFor={`kp-tht-lines.${i}.quantity`}>{t("biz.tht.quantity")}</label>
            <input
              {...fieldProps(`lines.${i}.quantity`)}
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => update(i, { quantity: event.target.value })}
            />
            <FieldError id={`kp-tht-lines.${i}.quantity-error`} message={message(`lines.${i}.quantity`, "tht")} />
          </div>
          <div className="kp-field">
            <label htmlFor={`kp-tht-lines.${i}.bestBeforeDate`}>{t("biz.tht.bestBefore")}</label>
            <input
              {...fieldProps(`lines.${i}.bestBeforeDate`)}
              type="date"
              value={line.bestBeforeDate}
              onChange={(event) => update(i, { bestBeforeDate: event.target.value })}
            />
            <FieldError id={`kp-tht-lines.${i}.bestBeforeDate-error`} message={message(`lines.${i}.bestBeforeDate`)} />
          </div>
          {lines.length > 1 && (
            <button type="button" className="kp-link-button" onClick={() => setLines((rows) => rows.filter((_, n) => n !== i))}>
              {t("biz.tht.removeLine", { n: i + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      <p>
        <button type="button" className="kp-button" onClick={() => setLines((rows) => [...rows, emptyLine()])}>
          {t("biz.tht.addLine")}
        </button>
      </p>

      <h2>{t("biz.tht.attachments")}</h2>
      <FileDropZone
        lang={lang}
        id="kp-tht-attachments"
        label={t("biz.tht.chooseFile")}
        hint={t("biz.tht.attachmentsHint")}
        stored={attachments}
        upload={(file, onProgress) => calls.uploadCoronaAttachment(file, onProgress)}
        onUploaded={(attachment) => setAttachments((list) => [...list, attachment])}
        // Taken off the registration when it is saved: the stand-in drops uploads a save leaves out.
        onRemove={(attachment) => setAttachments((list) => list.filter((a) => a.id !== attachment.id))}
        error={message("attachments", "tht.attachments")}
        listName="tht"
      />

      <div className="kp-biz-actions">
        <button type="submit" className="kp-button kp-button--primary" disabled={status === "saving"} aria-disabled={status === "saving"}>
          {status === "saving" ? t("biz.wizard.saving") : t("biz.tht.save")}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {status === "saved" && (
          <p className="kp-alert kp-alert--success" data-saved>
            {t("biz.tht.saved")}
          </p>
        )}
      </div>
      {status === "failed" && (
        <p className="kp-alert kp-alert--error" role="alert">
          {t("common.error.title")}. {t("common.error.body")}
        </p>
      )}
    </form>
  );
}
