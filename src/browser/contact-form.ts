/**
 * The contact form in the browser: validates with the API's own rules, shows each error beside
 * its field, sends once (the button is busy until the answer), and on failure shows 'Something
 * went wrong / Try again later' without touching what was typed. The API URL and key come from
 * window.settings (/settings.js). A signed-in visitor sends for their selected account. The same
 * code serves the appointment request (contactType `appointment`), which has its own fields.
 */
import { validateAppointment } from "../core/api/schemas/appointment.ts";
import { validateContactForm } from "../core/api/schemas/contact.ts";
import { parseRuntimeSettings } from "../core/settings.ts";
import { sendContactForm, signedInSender, type FieldErrors, type SendResult } from "./contact-send.ts";

type Messages = Record<string, string>;

export function initContactForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>("[data-contact-form]")) setUp(form);
}

function setUp(form: HTMLFormElement): void {
  const messages = JSON.parse(form.dataset["messages"] ?? "{}") as Messages;
  const submit = form.querySelector<HTMLButtonElement>("[data-submit]");
  const label = submit?.querySelector<HTMLElement>("[data-label]");
  const spinner = submit?.querySelector<HTMLElement>("[data-spinner]");
  const failed = form.querySelector<HTMLElement>("[data-form-failed]");
  const invalid = form.querySelector<HTMLElement>("[data-form-invalid]");
  const success = form.parentElement?.querySelector<HTMLElement>("[data-form-success]");
  const idleLabel = label?.textContent ?? "";
  let attempted = false;
  let sending = false;
  /** Once sent, the form is done: nothing can send it a second time. */
  let sent = false;

  const appointment = form.dataset["contactType"] === "appointment";
  const validate = (input: object): FieldErrors => (appointment ? validateAppointment(input) : validateContactForm(input));

  const values = (): object => {
    const data = new FormData(form);
    const text = (name: string): string => String(data.get(name) ?? "");
    if (appointment) {
      return {
        name: text("name"),
        company: text("company"),
        kvkNumber: text("kvkNumber"),
        businessType: text("businessType"),
        email: text("email"),
        phone: text("phone"),
        preferredDays: data.getAll("preferredDays").map(String),
        dayPart: text("dayPart"),
        privacyAccepted: data.get("privacyAccepted") === "on",
      };
    }
    return {
      name: text("name"),
      company: text("company"),
      email: text("email"),
      phone: text("phone"),
      customerNumber: text("customerNumber"),
      subject: text("subject"),
      message: text("message"),
      privacyAccepted: data.get("privacyAccepted") === "on",
      marketingOptIn: data.get("marketingOptIn") === "on",
    };
  };

  const show = (errors: FieldErrors, only?: string): void => {
    for (const slot of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
      const field = slot.dataset["errorFor"] ?? "";
      if (only && field !== only) continue;
      const code = errors[field];
      slot.textContent = code ? (messages[code] ?? messages["required"] ?? code) : "";
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLElement) {
        if (code) input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      }
    }
  };

  const setSending = (on: boolean): void => {
    sending = on;
    if (!submit) return;
    submit.disabled = on;
    submit.setAttribute("aria-busy", String(on));
    if (spinner) spinner.hidden = !on;
    if (label) label.textContent = on ? (label.dataset["sending"] ?? idleLabel) : idleLabel;
  };

  // A field showing an error loses it as soon as it is corrected, while typing. New errors wait for
  // the next submit: checking on blur would move the layout under a pointer that is mid-click.
  form.addEventListener("input", (event) => {
    const target = event.target as HTMLInputElement;
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${target.name}"]`);
    if (!attempted || !target.name || !slot?.textContent) return;
    const code = validate(values())[target.name];
    if (!code) show({}, target.name);
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending || sent) return;
    attempted = true;
    if (failed) failed.hidden = true;
    const input = values();
    const errors = validate(input);
    show(errors);
    const first = Object.keys(errors)[0];
    if (invalid) invalid.hidden = first === undefined;
    if (first) {
      const element = form.elements.namedItem(first);
      // A group of checkboxes or radios: the first of them.
      const focusable = element instanceof RadioNodeList ? element[0] : element;
      if (focusable instanceof HTMLElement) focusable.focus();
      return;
    }
    setSending(true);
    void send(form.dataset["contactType"] ?? "contact", input)
      .then((result) => {
        if (result.ok) {
          sent = true;
          form.hidden = true;
          if (success) {
            success.hidden = false;
            // The form it replaces was taller: bring the thank-you into view below the sticky header
            // (its scroll-margin-top), then focus it for screen readers without a second jump.
            success.scrollIntoView({ block: "nearest" });
            success.focus({ preventScroll: true });
          }
        } else if (result.fieldErrors) {
          show(result.fieldErrors);
          if (invalid) invalid.hidden = false;
        } else if (failed) {
          failed.hidden = false;
          failed.scrollIntoView({ block: "nearest" });
        }
      })
      .finally(() => setSending(false));
  });
}

async function send(contactType: string, body: object): Promise<SendResult> {
  let settings;
  try {
    settings = parseRuntimeSettings((window as { settings?: unknown }).settings);
  } catch {
    // No usable settings.js: the same answer as an unreachable API.
    return { ok: false };
  }
  const sender = await signedInSender(document);
  return sendContactForm({ apiUrl: settings.apiUrl, subscriptionKey: settings.subscriptionKey, contactType, body, sender });
}
