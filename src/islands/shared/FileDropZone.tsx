import { useId, useRef, useState, type DragEvent } from "react";
import { ApiError } from "../../core/api/errors.ts";
import { MAX_ATTACHMENTS, UPLOAD_ERROR_CODES, type Attachment, type UploadErrorCode } from "../../core/api/schemas/business.ts";
import type { UploadProgress } from "../../core/business/api.ts";
import { formatFileSize } from "../../core/business/format.ts";
import { admitFiles, roomLeft, type QueuedUpload, type Refused } from "../../core/business/upload-queue.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";
import { FieldError } from "./FieldError.tsx";
import { FileChip } from "./FileChip.tsx";
import { saveBlob } from "./download.ts";
import { errorMessage } from "./messages.ts";

type Props = {
  lang: Lang;
  id: string;
  label: string;
  hint: string;
  /** The files already in the set (stored by the API); the zone adds to it and removes from it. */
  stored: readonly Attachment[];
  /** Sends one file, reporting bytes sent; resolves to the stored attachment (null on a 403). */
  upload: (file: File, onProgress: UploadProgress) => Promise<Attachment | null>;
  onUploaded: (attachment: Attachment) => void;
  /** Takes a file out of the set; a rejection keeps its chip and says so. */
  onRemove: (attachment: Attachment) => Promise<void> | void;
  /** Fetches a stored file to open it (undefined: the file cannot be opened here); a failure says so. */
  open?: ((attachment: Attachment) => Promise<Blob | undefined>) | undefined;
  /** An error about the set as a whole (e.g. none yet). */
  error?: string | undefined;
  /** Value of the list's data attribute, for the set's tests and styles. */
  listName: string;
};

const ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";

const isUploadCode = (code: string | undefined): code is UploadErrorCode => (UPLOAD_ERROR_CODES as readonly (string | undefined)[]).includes(code);

/**
 * A drop zone for a set of attachments that is also the file field's label, so a click, Enter or
 * Space opens the file chooser. Each file becomes a chip with its size: sending ones show their
 * progress, stored ones a remove button, failed ones why with retry and remove. Files are checked
 * on type, size and count before they are sent (the stand-in checks again on the content); a
 * refused or failed file never takes the others down with it.
 */
export function FileDropZone({ lang, id, label, hint, stored, upload, onUploaded, onRemove, open, error, listName }: Props) {
  const t = useT(lang);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
  const [queue, setQueue] = useState<QueuedUpload<File>[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [over, setOver] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [removeFailed, setRemoveFailed] = useState<string | undefined>();
  const [openFailed, setOpenFailed] = useState<string | undefined>();

  async function openFile(attachment: Attachment) {
    if (!open) return;
    setOpenFailed(undefined);
    try {
      const blob = await open(attachment);
      if (blob) saveBlob(blob, attachment.fileName);
      else setOpenFailed(attachment.id);
    } catch {
      setOpenFailed(attachment.id);
    }
  }

  const patch = (key: string, change: Partial<QueuedUpload<File>>) =>
    setQueue((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function send(item: QueuedUpload<File>) {
    patch(item.key, { state: "sending", sent: 0, error: undefined });
    try {
      const attachment = await upload(item.file, (sent) => patch(item.key, { sent }));
      setQueue((list) => list.filter((queued) => queued.key !== item.key));
      if (attachment) {
        onUploaded(attachment);
        setAnnouncement(t("biz.wizard.attachments.uploaded", { file: attachment.fileName }));
      }
    } catch (failure) {
      const code = failure instanceof ApiError ? (failure.validation?.errors[0]?.code ?? failure.quota) : undefined;
      const reason = isUploadCode(code) ? code : "failed";
      patch(item.key, { state: "failed", error: reason });
      setAnnouncement(`${item.file.name}: ${reasonText(reason)}`);
    }
  }

  function add(files: File[]) {
    const { accepted, refused: now } = admitFiles(files, stored.length + queue.length);
    setRefused(now);
    const items = accepted.map((file): QueuedUpload<File> => ({ key: `f${(counter.current += 1)}`, file, sent: 0, state: "sending" }));
    setQueue((list) => [...list, ...items]);
    for (const item of items) void send(item);
  }

  async function remove(attachment: Attachment) {
    setRemoveFailed(undefined);
    try {
      await onRemove(attachment);
      setAnnouncement(t("biz.upload.removed", { file: attachment.fileName }));
    } catch {
      setRemoveFailed(attachment.id);
    }
  }

  const reasonText = (code: UploadErrorCode | "failed"): string =>
    code === "failed" ? t("biz.upload.failed") : errorMessage(lang, code, "upload");

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add([...event.dataTransfer.files]);
  };

  const refusal = refused.map((item) => (item.name ? `${item.name}: ${reasonText(item.code)}` : reasonText(item.code))).join(" ");
  const message = refusal || error;
  const room = roomLeft(stored, queue);
  return (
    <div className="kp-field kp-upload" data-upload={listName}>
      <div
        className={`kp-dropzone${over ? " is-over" : ""}${message ? " is-invalid" : ""}`}
        data-dropzone
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={drop}
      >
        <input
          ref={input}
          id={id}
          className="kp-dropzone__input"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${hintId} ${id}-error`}
          aria-invalid={message ? true : undefined}
          disabled={room === 0}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // The same file can be chosen again after a refusal.
            event.target.value = "";
          }}
        />
        <label htmlFor={id} className="kp-dropzone__label">
          <svg className="kp-dropzone__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="kp-dropzone__action">{label}</span>
          {room === 0 ? (
            <span className="kp-dropzone__full">{t("biz.upload.full", { max: MAX_ATTACHMENTS })}</span>
          ) : (
            <span className="kp-dropzone__or">{t("biz.upload.drop")}</span>
          )}
        </label>
        <span id={hintId} className="kp-field__hint">
          {hint} {t("biz.upload.limit", { max: MAX_ATTACHMENTS })}
        </span>
      </div>
      <FieldError id={`${id}-error`} message={message} />
      {(stored.length > 0 || queue.length > 0) && (
        <ul className="kp-chips" data-files={listName} aria-label={t("biz.upload.list")}>
          {stored.map((attachment) => (
            <FileChip
              key={attachment.id}
              lang={lang}
              name={attachment.fileName}
              size={formatFileSize(attachment.sizeBytes, lang)}
              state="done"
              onRemove={() => void remove(attachment)}
              onOpen={open ? () => void openFile(attachment) : undefined}
              problem={
                removeFailed === attachment.id ? t("biz.upload.removeFailed") : openFailed === attachment.id ? t("biz.upload.openFailed") : undefined
              }
            />
          ))}
          {queue.map((item) => (
            <FileChip
              key={item.key}
              lang={lang}
              name={item.file.name}
              size={formatFileSize(item.file.size, lang)}
              state={item.state}
              sent={item.sent}
              total={item.file.size}
              problem={item.error ? reasonText(item.error) : undefined}
              onRetry={item.state === "failed" && item.error === "failed" ? () => void send(item) : undefined}
              onRemove={item.state === "failed" ? () => setQueue((list) => list.filter((queued) => queued.key !== item.key)) : undefined}
            />
          ))}
        </ul>
      )}
      <p className="kp-sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
