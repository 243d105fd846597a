/** Posting the contact form to the contact service; separate from the DOM code so it stays small and clear. */
import { CONTACT_FORM } from "../core/api/paths.ts";

/** A refused field and its validation code, for either form. */
export type FieldErrors = Partial<Record<string, string>>;

export type SendResult = { ok: boolean; fieldErrors?: FieldErrors };

export type SignedInSender = { accountNumber: string; token: string };

/**
 * The signed-in sender, if any: the selected account and an access token. Only loaded when the
 * sign-in hint says so, so anonymous visitors never download the sign-in code; any doubt
 * (no session after all, no account chosen) sends the form anonymously.
 */
export async function signedInSender(doc: Document): Promise<SignedInSender | null> {
  if (doc.documentElement.dataset["auth"] !== "signed-in") return null;
  try {
    const [{ startAuth, oidcSession }, { $auth }, { SELECTED_ACCOUNT_KEY }] = await Promise.all([
      import("../core/session/session.ts"),
      import("../core/stores/auth.ts"),
      import("../core/auth/private-storage.ts"),
    ]);
    const accountNumber = localStorage.getItem(SELECTED_ACCOUNT_KEY);
    if (!accountNumber) return null;
    await startAuth();
    // A session that did not start (signed out at the provider, an error) sends the form anonymously.
    const token = $auth.get().isAuthenticated ? await oidcSession().accessToken() : undefined;
    return token ? { accountNumber, token } : null;
  } catch {
    return null;
  }
}

/** POSTs the form; a 400 comes back as field errors, any other failure as `ok: false`. */
export async function sendContactForm(options: {
  apiUrl: string;
  subscriptionKey: string;
  contactType: string;
  body: object;
  /** A signed-in sender: the form is sent for their selected account, with their token. */
  sender?: SignedInSender | null;
  fetch?: typeof fetch;
}): Promise<SendResult> {
  const url = new URL(CONTACT_FORM, options.apiUrl);
  url.searchParams.set("contactType", options.contactType);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "Ocp-Apim-Subscription-Key": options.subscriptionKey,
  };
  if (options.sender) {
    url.searchParams.set("accountNumber", options.sender.accountNumber);
    headers["authorization"] = `Bearer ${options.sender.token}`;
  }
  try {
    const response = await (options.fetch ?? fetch)(url, { method: "POST", headers, body: JSON.stringify(options.body) });
    if (response.ok) return { ok: true };
    if (response.status === 400) {
      const body = (await response.json()) as { errors?: { field: string; code: string }[] };
      const fieldErrors: FieldErrors = {};
      for (const error of body.errors ?? []) fieldErrors[error.field] = error.code;
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
    }
    return { ok: false };
  } catch {
    return { ok: false };
  }
}
