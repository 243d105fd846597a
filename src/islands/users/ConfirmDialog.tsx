import { useEffect, useId, useRef } from "react";

type Props = {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Class on <html> while a modal is open (global.css): the page behind must not scroll. */
const SCROLL_LOCK = "kp-scroll-locked";

/**
 * A modal confirmation: closes on Escape or a backdrop click and locks the page's scroll, so the
 * page behind it stays where it was. Focus goes to the safe choice first and back to the opener on
 * close (the browser does).
 */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, busy = false, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      document.documentElement.classList.add(SCROLL_LOCK);
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="kp-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-confirm-dialog
      onClose={() => {
        document.documentElement.classList.remove(SCROLL_LOCK);
        onClose();
      }}
      onClick={(event) => {
        // The content fills the dialog box, so a click on the element itself is on the backdrop.
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="kp-dialog__inner">
        <h2 id={titleId}>{title}</h2>
        <p id={bodyId}>{body}</p>
        <div className="kp-portal-actions">
          <button type="button" className="kp-button kp-button--danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button ref={cancel} type="button" className="kp-button" onClick={() => dialog.current?.close()}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
