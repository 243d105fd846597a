/** Wires every `[data-dialog]` <dialog> to its openers, close button, backdrop and scroll lock. */

/** Class on <html> while a modal is open: the page behind must not scroll. */
const SCROLL_LOCK = "kp-scroll-locked";

export function initDialogs(doc: Document): void {
  for (const dialog of doc.querySelectorAll<HTMLDialogElement>("dialog[data-dialog]")) {
    if (dialog.dataset["ready"]) continue;
    dialog.dataset["ready"] = "1";
    let opener: HTMLElement | null = null;

    for (const trigger of doc.querySelectorAll<HTMLElement>(`[data-dialog-open="${dialog.id}"]`)) {
      trigger.addEventListener("click", (event) => {
        event.preventDefault();
        opener = trigger;
        dialog.showModal();
        doc.documentElement.classList.add(SCROLL_LOCK);
      });
    }
    dialog.querySelector("[data-dialog-close]")?.addEventListener("click", () => dialog.close());
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    // Escape closes natively (a `cancel` then `close`); every way out ends here.
    dialog.addEventListener("close", () => {
      doc.documentElement.classList.remove(SCROLL_LOCK);
      opener?.focus();
    });
  }
}
