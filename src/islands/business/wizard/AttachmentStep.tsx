import { useState } from "react";
import type { Attachment } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { useT } from "../../shell/use-t.ts";
import { AttachmentPicker } from "../shared/AttachmentPicker.tsx";
import { dataOf } from "../../../core/stores/resource.ts";
import { useBusinessResource } from "../shared/use-business-api.ts";
import { fieldMessage, type StepProps } from "./step-props.ts";

/** Step 4: the wholesalers' statements, uploaded to the draft claim one wholesaler at a time. */
export function AttachmentStep({ lang, state, data, errors, change, calls }: StepProps & { calls: BusinessApi }) {
  const t = useT(lang);
  const claimId = state.claimId ?? "";
  return (
    <>
      <p>{t("biz.wizard.attachments.intro")}</p>
      {state.wholesalerIds.map((wholesalerId, w) => {
        const name = data.wholesalers.find((item) => item.id === wholesalerId)?.name ?? wholesalerId;
        return (
          <WholesalerFiles
            key={wholesalerId}
            lang={lang}
            claimId={claimId}
            wholesalerId={wholesalerId}
            name={name}
            calls={calls}
            error={fieldMessage(lang, errors, `wholesalers.${w}.attachments`, "attachments")}
            onUploaded={() =>
              change({ attachmentCounts: { ...state.attachmentCounts, [wholesalerId]: (state.attachmentCounts[wholesalerId] ?? 0) + 1 } })
            }
          />
        );
      })}
    </>
  );
}

type FilesProps = {
  lang: StepProps["lang"];
  claimId: string;
  wholesalerId: string;
  name: string;
  calls: BusinessApi;
  error: string | undefined;
  onUploaded: () => void;
};

function WholesalerFiles({ lang, claimId, wholesalerId, name, calls, error, onUploaded }: FilesProps) {
  const t = useT(lang);
  // What is already on the draft (after a reload too), plus what is uploaded now.
  const stored = useBusinessResource(lang, (calls) => calls.claimAttachments(claimId, wholesalerId), [claimId, wholesalerId]);
  const [added, setAdded] = useState<Attachment[]>([]);
  const files = [...(dataOf(stored.state) ?? []), ...added];
  return (
    <fieldset className="kp-biz-row" data-wholesaler={wholesalerId}>
      <legend>{t("biz.wizard.attachments.legend", { name })}</legend>
      <AttachmentPicker
        lang={lang}
        id={`kp-file-${wholesalerId}`}
        label={t("biz.wizard.attachments.choose", { name })}
        hint={t("biz.tht.attachmentsHint")}
        upload={(file) => calls.uploadClaimAttachment(claimId, wholesalerId, file)}
        onUploaded={(attachment) => {
          setAdded((list) => [...list, attachment]);
          onUploaded();
        }}
        error={error}
      />
      {files.length > 0 && (
        <>
          <p className="kp-field__hint">{t("biz.wizard.attachments.count", { count: files.length })}</p>
          <ul className="kp-biz-files" data-files={wholesalerId}>
            {files.map((file) => (
              <li key={file.id}>{file.fileName}</li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
