import { useEffect, useRef, useState } from "react";
import type { Attachment } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { useT } from "../../shell/use-t.ts";
import { FileDropZone } from "../../shared/FileDropZone.tsx";
import { dataOf } from "../../../core/stores/resource.ts";
import { useBusinessResource } from "../../shared/use-business-api.ts";
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
            onCount={(count) => change({ attachmentCounts: { ...state.attachmentCounts, [wholesalerId]: count } })}
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
  /** The wholesaler's number of stored statements after an upload or a removal. */
  onCount: (count: number) => void;
};

function WholesalerFiles({ lang, claimId, wholesalerId, name, calls, error, onCount }: FilesProps) {
  const t = useT(lang);
  // What is already on the draft (after a reload too), then what is uploaded or removed here.
  const stored = useBusinessResource(lang, (calls) => calls.claimAttachments(claimId, wholesalerId), [claimId, wholesalerId]);
  const [changed, setChanged] = useState<Attachment[] | undefined>();
  const files = changed ?? dataOf(stored.state) ?? [];
  // The wizard learns the new count after the list changed, through the latest onCount (it reads
  // the wizard's current state): uploads finish one by one, each from an older render.
  const report = useRef(onCount);
  useEffect(() => {
    report.current = onCount;
  });
  useEffect(() => {
    if (changed) report.current(changed.length);
  }, [changed]);
  return (
    <fieldset className="kp-biz-row" data-wholesaler={wholesalerId}>
      <legend>{t("biz.wizard.attachments.legend", { name })}</legend>
      <FileDropZone
        lang={lang}
        id={`kp-file-${wholesalerId}`}
        label={t("biz.wizard.attachments.choose", { name })}
        hint={t("biz.tht.attachmentsHint")}
        stored={files}
        upload={(file, onProgress) => calls.uploadClaimAttachment(claimId, wholesalerId, file, onProgress)}
        open={async (attachment) => (await calls.claimAttachment(claimId, attachment.id)) ?? undefined}
        // Functional updates: several files finish one after another before a render.
        onUploaded={(attachment) => setChanged((list) => [...(list ?? dataOf(stored.state) ?? []), attachment])}
        onRemove={async (attachment) => {
          await calls.deleteClaimAttachment(claimId, attachment.id);
          setChanged((list) => (list ?? dataOf(stored.state) ?? []).filter((file) => file.id !== attachment.id));
        }}
        error={error}
        listName={wholesalerId}
      />
    </fieldset>
  );
}

