import { useState, type FormEvent, type MouseEvent } from "react";
import { ApiError } from "../../../core/api/errors.ts";
import type { ServiceRequest } from "../../../core/api/schemas/business/service.ts";
import { serviceApi } from "../../../core/business/service-api.ts";
import { formatFileSize } from "../../../core/business/format.ts";
import { formatDateTime } from "../../../core/format.ts";
import { contentLocale, type Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { FieldError } from "../../shared/FieldError.tsx";
import { FileChip } from "../../shared/FileChip.tsx";
import { saveBlob } from "../../shared/download.ts";
import { errorMessage } from "../../shared/messages.ts";
import { useResource } from "../../shared/use-resource.ts";
import { ReferenceLink, StatusBadge } from "./ServiceBits.tsx";
import { useServiceApi } from "./use-service-api.ts";

type Props = { lang: Lang; id: string; sent: boolean; listHref: string; go: (href: string) => void };

/** One request: its status, what was reported with the photos, the history with the supplier's answers, and a reply box. */
export function ServiceDetail({ lang, id, sent, listHref, go }: Props) {
  const t = useT(lang);
  const request = useResource((account, client) => serviceApi(client, account).one(id), id);
  const back = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(listHref);
  };
  // An unknown id, or one of another account (the API answers both with 404), is not a failure to retry.
  const notFound = request.state.status === "error" && request.state.error instanceof ApiError && request.state.error.status === 404;
  return (
    <>
      <p>
        <a href={listHref} onClick={back}>
          {t("service.back")}
        </a>
      </p>
      {notFound ? (
        <p className="kp-empty" data-not-found>
          {t("service.notFound")}
        </p>
      ) : (
        <Block lang={lang} name="service-request" state={request.state} onRetry={request.reload} lines={6}>
          {(data) => <RequestView lang={lang} request={data} sent={sent} onChanged={request.set} />}
        </Block>
      )}
    </>
  );
}

function RequestView({ lang, request, sent, onChanged }: { lang: Lang; request: ServiceRequest; sent: boolean; onChanged: (request: ServiceRequest) => void }) {
  const t = useT(lang);
  const calls = useServiceApi();
  const [openFailed, setOpenFailed] = useState<string | undefined>();
  async function open(attachmentId: string, fileName: string) {
    setOpenFailed(undefined);
    try {
      const blob = await calls.photo(attachmentId);
      if (blob) saveBlob(blob, fileName);
      else setOpenFailed(attachmentId);
    } catch {
      setOpenFailed(attachmentId);
    }
  }
  return (
    <article data-request={request.number} data-status={request.status}>
      {sent && (
        <p className="kp-alert kp-alert--success" role="status" data-sent>
          {t("service.form.sent", { number: request.number })}
        </p>
      )}
      <h1>
        {t(`service.kind.${request.kind}`)} <span className="kp-service-number">{request.number}</span>
      </h1>
      <p className="kp-service-reference">
        <StatusBadge lang={lang} status={request.status} />
        {request.reference && <ReferenceLink lang={lang} reference={request.reference} />}
      </p>
      <h2>{t("service.detail.description")}</h2>
      <p className="kp-service-item__meta">{t("service.detail.by", { name: request.createdBy, date: formatDateTime(request.createdAt, lang) })}</p>
      <p className="kp-service-description" lang={request.locale}>
        {request.description}
      </p>
      {request.attachments.length > 0 && (
        <>
          <h3>{t("service.detail.photos")}</h3>
          <ul className="kp-chips" data-files="service-photos">
            {request.attachments.map((attachment) => (
              <FileChip
                key={attachment.id}
                lang={lang}
                name={attachment.fileName}
                size={formatFileSize(attachment.sizeBytes, lang)}
                state="done"
                onOpen={() => void open(attachment.id, attachment.fileName)}
                problem={openFailed === attachment.id ? t("biz.upload.openFailed") : undefined}
              />
            ))}
          </ul>
        </>
      )}
      <h2>{t("service.detail.history")}</h2>
      <ol className="kp-service-history" data-history>
        {request.events.map((event, index) => (
          <li key={index} data-author={event.author} data-event-status={event.status ?? undefined}>
            <p className="kp-service-history__who">
              <strong>{event.authorName}</strong> · {formatDateTime(event.at, lang)}
            </p>
            {event.status && <p className="kp-service-history__text">{t("service.detail.set", { status: t(`service.status.${event.status}`) })}</p>}
            {event.text && (
              <p className="kp-service-history__text" lang={event.locale}>
                {event.text}
              </p>
            )}
          </li>
        ))}
      </ol>
      <ReplyForm lang={lang} request={request} onChanged={onChanged} />
    </article>
  );
}

/** The customer's reply; what was typed stays when sending fails. */
function ReplyForm({ lang, request, onChanged }: { lang: Lang; request: ServiceRequest; onChanged: (request: ServiceRequest) => void }) {
  const t = useT(lang);
  const calls = useServiceApi();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  async function send(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === "") {
      setError(errorMessage(lang, "required", "service.text"));
      return;
    }
    setError(undefined);
    setStatus("sending");
    try {
      const answer = await calls.reply(request.id, text, contentLocale(lang));
      if (answer) onChanged(answer);
      setText("");
      setStatus("sent");
    } catch (failure) {
      const refused = failure instanceof ApiError ? failure.validation?.errors[0] : undefined;
      if (refused) {
        setError(errorMessage(lang, refused.code, "service.text"));
        setStatus("idle");
      } else setStatus("failed");
    }
  }
  return (
    <form className="kp-form kp-service-form" onSubmit={(event) => void send(event)} noValidate data-form="service-reply">
      <div className="kp-field">
        <label htmlFor="kp-service-reply">{t("service.reply.label")}</label>
        <textarea
          id="kp-service-reply"
          value={text}
          maxLength={4000}
          aria-describedby="kp-service-reply-error"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error && event.target.value.trim() !== "") setError(undefined);
            if (status === "sent") setStatus("idle");
          }}
        />
        <FieldError id="kp-service-reply-error" message={error} />
      </div>
      {status === "failed" && (
        <p className="kp-alert kp-alert--error" role="alert">
          {t("service.reply.failed")}
        </p>
      )}
      {status === "sent" && (
        <p className="kp-alert kp-alert--success" role="status">
          {t("service.reply.sent")}
        </p>
      )}
      <p>
        <button type="submit" className="kp-button" disabled={status === "sending"}>
          {status === "sending" ? t("service.form.sending") : t("service.reply.send")}
        </button>
      </p>
    </form>
  );
}
