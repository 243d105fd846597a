import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type Provider from "oidc-provider";
import { translate } from "../../src/core/i18n/index.ts";
import { normalizeEmail } from "../../src/core/validation/email.ts";
import { findUserByEmail } from "../db/people/users.ts";
import { deactivatedEverywhere } from "../db/people/links.ts";
import { readRawBody } from "../http.ts";
import { htmlSender, langFromUiLocales, loginPage, messagePage, siteOriginOf } from "./pages.ts";
import { DUMMY_HASH, verifyPassword } from "./password.ts";
import type { LoginThrottle } from "./throttle.ts";
import { ACCEPTED_COOKIE, signedIn, type AcceptedTickets } from "./invitation.ts";

type Details = Awaited<ReturnType<Provider["interactionDetails"]>>;

/**
 * The provider's login interaction at /login/:uid: GET shows the form, POST checks the password
 * (scrypt, after the wait the throttle sets) and hands the user back to the provider.
 */
export function createLoginHandler(
  provider: Provider,
  db: DatabaseSync,
  siteOrigins: readonly string[],
  throttle: LoginThrottle,
  accepted: AcceptedTickets,
  /** Where other clients are sent back to (the publishing server): the form's redirect chain ends there. */
  otherClientOrigins: readonly string[] = [],
) {
  const sendHtml = htmlSender([...siteOrigins, ...otherClientOrigins]);

  async function details(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<Details | undefined> {
    try {
      const found = await provider.interactionDetails(req, res);
      return found.uid === uid ? found : undefined;
    } catch {
      return undefined; // no interaction cookie, or the interaction expired
    }
  }

  return async function handleLogin(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<void> {
    const interaction = await details(req, res, uid);
    if (!interaction) {
      const lang = langFromUiLocales(new URL(req.url ?? "/", "http://localhost").searchParams.get("ui_locales"));
      sendHtml(res, 400, messagePage(lang, translate(lang, "idp.login.title"), translate(lang, "idp.login.error.expired")));
      return;
    }
    const lang = langFromUiLocales(interaction.params["ui_locales"]);
    const action = `/login/${uid}`;
    const site = siteOriginOf(interaction.params["redirect_uri"], siteOrigins);

    if (interaction.prompt.name !== "login") {
      await finishConsent(provider, interaction, req, res);
      return;
    }
    // Just accepted an invitation (new or confirmed password on the acceptance page): signed in without asking again.
    const acceptedBy = req.method === "GET" ? accepted.redeem(req) : undefined;
    if (acceptedBy) {
      res.setHeader("set-cookie", `${ACCEPTED_COOKIE}=; Path=/login; Max-Age=0; HttpOnly; SameSite=Lax`);
      signedIn(db, acceptedBy);
      await provider.interactionFinished(req, res, { login: { accountId: acceptedBy } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method !== "POST") {
      const hint = interaction.params["login_hint"];
      sendHtml(res, 200, loginPage({ lang, action, site, email: typeof hint === "string" ? hint : "" }));
      return;
    }

    const form = new URLSearchParams((await readRawBody(req, 10_000)).toString("utf8"));
    const typed = (form.get("email") ?? "").trim();
    const password = form.get("password") ?? "";
    if (typed === "" || password === "") {
      sendHtml(res, 400, loginPage({ lang, action, site, email: typed, error: translate(lang, "idp.login.error.required") }));
      return;
    }

    // Counted on the typed address whether or not an account has it, so the waits, like the answer
    // and (with the dummy hash) the time it takes, are the same for both: nothing tells them apart.
    const address = normalizeEmail(typed);
    const client = req.socket.remoteAddress ?? "unknown";
    await throttle.wait(address, client);
    const user = findUserByEmail(db, address);
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      throttle.failed(address, client);
      sendHtml(res, 401, loginPage({ lang, action, site, email: typed, error: translate(lang, "idp.login.error.credentials") }));
      return;
    }
    throttle.succeeded(address);
    if (deactivatedEverywhere(db, user.id)) {
      // Only after the right password: a wrong one still gets the same answer as an unknown address.
      sendHtml(res, 403, loginPage({ lang, action, site, email: typed, error: translate(lang, "idp.login.error.deactivated") }));
      return;
    }
    signedIn(db, user.id);
    await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  };
}

/**
 * Grants whatever the provider still asks consent for. The grant loader already covers everything
 * for this first-party client, so this is only a safety net that never shows a consent screen.
 */
async function finishConsent(provider: Provider, interaction: Details, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const accountId = interaction.session?.accountId;
  const clientId = String(interaction.params["client_id"]);
  const grant = interaction.grantId
    ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId });
  const missing = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
