import { useId, useRef, useState } from "react";
import { ApiError } from "../../../core/api/errors.ts";
import type { Attachment } from "../../../core/api/schemas/business.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { uploadPrecheck } from "../../../core/business/upload-check.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "./FieldError.tsx";
import { errorMessage } from "./messages.ts";

type Props = {
  lang: Lang;
  id: string;
  label: string;
  hint: string;
  /** Sends the file; resolves to the stored attachment (null on a 403). */
  upload: (file: File) => Promise<Attachment | null>;
  onUploaded: (attachment: Attachment) => void;
  /** An error about the attachments as a whole (e.g. none yet). */
  error?: string | undefined;
};

/**
 * A file field that uploads as soon as a file is chosen. The declared type and size are checked
 * first (quick answer); the stand-in then checks the real type from the content, and its refusal
 * (`file_type`, `file_too_large`, `file_missing`) is shown under the field.
 */
export function AttachmentPicker({ lang, id, label, hint, upload, onUploaded, error }: Props) {
  const t = useT(lang);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [state, setState] = useState<"idle" | "uploading" | { done: string }>("idle");

  async function choose(file: File | undefined) {
    setRefusal(undefined);
    const early = uploadPrecheck(file);
    if (early || !file) {
      setRefusal(errorMessage(lang, early ?? "file_missing"));
      return;
    }
    setState("uploading");
    try {
      const attachment = await upload(file);
      if (attachment) {
        onUploaded(attachment);
        setState({ done: file.name });
      } else setState("idle");
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.validation?.errors[0]?.code : undefined;
      setRefusal(code ? errorMessage(lang, code) : t("common.error.title"));
      setState("idle");
    } finally {
      // The same file can be chosen again after a refusal.
      if (input.current) input.current.value = "";
    }
  }

  const message = refusal ?? error;
  return (
    <div className="kp-field">
      <label htmlFor={id}>{label}</label>
      <span id={hintId} className="kp-field__hint">
        {hint}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
        aria-describedby={`${hintId} ${id}-error`}
        aria-invalid={message ? true : undefined}
        disabled={state === "uploading"}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <FieldError id={`${id}-error`} message={message} />
      <p role="status" aria-live="polite" className="kp-field__hint">
        {state === "uploading"
          ? t("biz.wizard.attachments.uploading")
          : typeof state === "object"
            ? t("biz.wizard.attachments.uploaded", { file: state.done })
            : ""}
      </p>
    </div>
  );
}
