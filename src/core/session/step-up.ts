import { epochSeconds, now } from "../auth/clock.ts";
import type { Lang } from "../i18n/locale.ts";
import { STEP_UP_MAX_AGE_SECONDS } from "../permissions/step-up.ts";
import type { AccountFormValues } from "../portal/account-form.ts";
import { keepStepUpDraft, takeStepUpDraft } from "../portal/step-up-draft.ts";
import { oidcSession } from "./session.ts";

/**
 * The browser's side of the step-up for money changes (src/core/permissions/step-up.ts): whether
 * this tab's sign-in is fresh enough, and signing in again with the form's values kept. The API
 * decides in the end (403 step_up_required); this only spares the person a refused save.
 */

/** A save takes a moment: a sign-in within its last half minute of freshness goes to sign in again first. */
const MARGIN_SECONDS = 30;

/** The `auth_time` of the stored ID token (epoch seconds), read without checking: the API checks its own token. */
function authTimeOf(idToken: string | undefined): number | undefined {
  try {
    const payload = JSON.parse(
      atob((idToken?.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")),
    ) as { auth_time?: unknown };
    return typeof payload.auth_time === "number" ? payload.auth_time : undefined;
  } catch {
    return undefined;
  }
}

/** True when this tab's sign-in is recent enough for a money change to go straight to the API. */
export async function signedInRecently(): Promise<boolean> {
  const authTime = authTimeOf((await oidcSession().rawUser())?.id_token);
  return authTime !== undefined && epochSeconds() - authTime <= STEP_UP_MAX_AGE_SECONDS - MARGIN_SECONDS;
}

/** Keeps the form's values and sends the person to type their password again; they come back to this page. */
export async function signInAgainForChange(
  accountNumber: string,
  values: AccountFormValues,
  lang: Lang,
): Promise<void> {
  const user = await oidcSession().rawUser();
  const sub = typeof user?.profile["sub"] === "string" ? user.profile["sub"] : "";
  const email = typeof user?.profile["email"] === "string" ? user.profile["email"] : "";
  keepStepUpDraft(sessionStorage, { sub, accountNumber, savedAt: now(), values });
  await oidcSession().loginWithRedirect(location.pathname, lang, { loginHint: email });
}

/** The values kept before signing in again, for this person and account (once), laid over `current`. */
export async function restoreChange(
  accountNumber: string,
  current: AccountFormValues,
): Promise<AccountFormValues | undefined> {
  const user = await oidcSession().rawUser();
  const sub = typeof user?.profile["sub"] === "string" ? user.profile["sub"] : "";
  return takeStepUpDraft(sessionStorage, sub, accountNumber, now(), current);
}
