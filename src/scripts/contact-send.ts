/** Posting the contact form to the contact service; separate from the DOM code so it stays small and clear. */
import type { ContactFormErrors } from "../core/validation/contact-form.ts";

export type SendResult = { ok: boolean; fieldErrors?: ContactFormErrors };

export const CONTACT_FORM_PATH = "/contactservice/api/v2/contacts/contactform";

/** POSTs the form; a 400 comes back as field errors, any other failure as `ok: false`. */
export async function sendContactForm(options: {
  apiUrl: string;
  subscriptionKey: string;
  contactType: string;
  body: object;
  fetch?: typeof fetch;
}): Promise<SendResult> {
  const url = new URL(CONTACT_FORM_PATH, options.apiUrl);
  url.searchParams.set("contactType", options.contactType);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "content-type": "application/json", "Ocp-Apim-Subscription-Key": options.subscriptionKey },
      body: JSON.stringify(options.body),
    });
    if (response.ok) return { ok: true };
    if (response.status === 400) {
      const body = (await response.json()) as { errors?: { field: string; code: string }[] };
      const fieldErrors: ContactFormErrors = {};
      for (const error of body.errors ?? []) (fieldErrors as Record<string, string>)[error.field] = error.code;
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
    }
    return { ok: false };
  } catch {
    return { ok: false };
  }
}
