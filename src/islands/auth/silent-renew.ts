import { UserManager } from "oidc-client-ts";

/**
 * In the hidden frame: passes the provider's answer (in the URL) to the parent page, whose
 * UserManager finishes the silent sign-in. This side needs no configuration of its own.
 */
export async function notifyParentOfSilentResponse(): Promise<void> {
  const origin = window.location.origin;
  await new UserManager({ authority: origin, client_id: "silent-renew", redirect_uri: `${origin}/silent-renew` }).signinSilentCallback();
}
