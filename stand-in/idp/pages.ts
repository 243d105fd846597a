import type http from "node:http";
import type { ErrorOut, KoaContextWithOIDC } from "oidc-provider";
import { translate, type Lang, type MessageKey } from "../../src/core/i18n/index.ts";
import { localizedPath } from "../../src/core/i18n/locale.ts";

/**
 * The provider's own HTML: login form, logout, signed-out and error pages. Styling comes from one
 * served stylesheet and the only scripts are served files, so a strict CSP without 'unsafe-inline' holds.
 */

/** `ui_locales` as the site sends it (`en`, `en-US`, `nl-NL en`): English when it comes first. */
export const langFromUiLocales = (uiLocales: unknown): Lang =>
  typeof uiLocales === "string" && /^en\b/i.test(uiLocales.trim()) ? "en" : "nl";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * Sends a provider page with the headers every one of them carries: its CSP, never stored, never
 * sniffed, and no referrer (a reset page's address holds its token: it must not leak to another site).
 */
export function htmlSender(siteOrigins: readonly string[]): (res: http.ServerResponse, status: number, html: string) => void {
  const csp = pageCsp(siteOrigins);
  return (res, status, html) => {
    res.statusCode = status;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-security-policy", csp);
    res.setHeader("cache-control", "no-store");
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("referrer-policy", "no-referrer");
    res.end(html);
  };
}

/** Content-Security-Policy of every provider page; forms may post back here and redirect to the sites. */
export function pageCsp(siteOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    // The site's typeface, served by the provider itself (/login/figtree.woff2).
    "font-src 'self'",
    "script-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${siteOrigins.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The site the sign-in came from (the origin of its redirect address), for the links back; only a
 * known site origin, else the first one, so the page never links to an address a request made up.
 */
export function siteOriginOf(redirectUri: unknown, siteOrigins: readonly string[]): string | undefined {
  try {
    const origin = typeof redirectUri === "string" ? new URL(redirectUri).origin : undefined;
    if (origin && siteOrigins.includes(origin)) return origin;
  } catch {
    // Not a URL: fall back to the configured site.
  }
  return siteOrigins[0];
}

/** The site's logo (the same drawing as its header), inline so the provider needs no image of its own. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" aria-hidden="true" focusable="false"><rect x="2" y="4" width="32" height="32" rx="8" fill="#0a4a8c"/><path d="M14 10h8v5l3 4v13a2 2 0 0 1-2 2H13a2 2 0 0 1-2-2V19l3-4z" fill="#f2a900"/><rect x="13" y="22" width="10" height="6" fill="#fff"/><text x="42" y="19" font-family="system-ui,Segoe UI,Arial,sans-serif" font-size="14" font-weight="800" fill="#0a4a8c">Van Dam</text><text x="42" y="34" font-family="system-ui,Segoe UI,Arial,sans-serif" font-size="13" font-weight="600" fill="#1b1f24">Dranken</text></svg>`;

function layout(lang: Lang, title: string, main: string, extraHead = "", site?: string): string {
  const t = (key: MessageKey): string => translate(lang, key);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t("idp.brand"))}</title>
<link rel="stylesheet" href="/login/login.css">
${extraHead}
</head>
<body>
<header class="brand">
${
  site
    ? `<a class="brand-logo" href="${escapeHtml(site + localizedPath(lang, "/"))}">${LOGO}<span class="visually-hidden">${escapeHtml(t("idp.site.home"))}</span></a>`
    : `<span class="brand-logo">${LOGO}</span>`
}
<span class="brand-name">${escapeHtml(t("idp.brand"))}</span>
</header>
<main class="card">
${main}
</main>
</body>
</html>`;
}

type LoginForm = {
  lang: Lang;
  action: string;
  email: string;
  /** An error about the whole attempt (wrong credentials), tied to both fields. */
  error?: string;
  /** The site's origin, for the links back to it and to becoming a customer. */
  site?: string | undefined;
  /** Asked again for a change that needs a fresh sign-in (the step-up for money changes): the intro says why. */
  again?: boolean;
};

/** The login form: labelled fields, one error message that both fields refer to, and the typed e-mail kept. */
export function loginPage(form: LoginForm): string {
  const t = (key: MessageKey): string => translate(form.lang, key);
  const invalid = form.error ? ' aria-invalid="true" aria-describedby="login-error"' : "";
  const error = form.error ? `<p id="login-error" class="error" role="alert">${escapeHtml(form.error)}</p>` : "";
  return layout(
    form.lang,
    t("idp.login.title"),
    `<h1>${escapeHtml(t("idp.login.title"))}</h1>
<p class="intro">${escapeHtml(t(form.again ? "idp.login.introAgain" : "idp.login.intro"))}</p>
${error}
<form method="post" action="${escapeHtml(form.action)}" novalidate>
  <div class="field">
    <label for="email">${escapeHtml(t("idp.login.email"))}</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(form.email)}"${invalid}${form.email ? "" : " autofocus"}>
  </div>
  <div class="field">
    <label for="password">${escapeHtml(t("idp.login.password"))}</label>
    <div class="password">
      <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${form.email ? " autofocus" : ""}>
      <button type="button" class="reveal" aria-controls="password" aria-pressed="false" data-show="${escapeHtml(t("idp.login.show"))}" data-hide="${escapeHtml(t("idp.login.hide"))}" hidden>${escapeHtml(t("idp.login.show"))}</button>
    </div>
  </div>
  <button type="submit">${escapeHtml(t("idp.login.submit"))}</button>
</form>
<!-- The typed address joins the link in the browser (login.js): the page itself is the same for every address. -->
<p class="forgot"><a href="${escapeHtml(forgotHref(form.lang, form.site, ""))}">${escapeHtml(t("idp.login.forgot"))}</a></p>
${
  form.site
    ? `<nav class="links" aria-label="${escapeHtml(t("idp.site.nav"))}">
  <a href="${escapeHtml(form.site + localizedPath(form.lang, "/"))}">${escapeHtml(t("idp.site.back"))}</a>
  <p>${escapeHtml(t("idp.site.notCustomer"))} <a href="${escapeHtml(form.site + localizedPath(form.lang, "/klant-worden"))}">${escapeHtml(t("idp.site.becomeCustomer"))}</a></p>
</nav>`
    : ""
}`,
    '<script src="/login/login.js" defer></script>',
    form.site,
  );
}

/** The password reset's first page, with the address typed so far and the site to go back to. */
function forgotHref(lang: Lang, site: string | undefined, email: string): string {
  const query = new URLSearchParams({ lang, ...(site ? { site } : {}), ...(email ? { email } : {}) });
  return `/login/forgot?${query.toString()}`;
}

type ResetPageBase = { lang: Lang; site?: string | undefined };

/** Hidden fields that carry the page's language and site through a form post. */
const carried = ({ lang, site }: ResetPageBase): string =>
  `<input type="hidden" name="lang" value="${lang}">${site ? `<input type="hidden" name="site" value="${escapeHtml(site)}">` : ""}`;

/** The link back to the site's sign-in (which starts a fresh sign-in at the provider). */
const signInLink = ({ lang, site }: ResetPageBase, key: MessageKey): string =>
  site ? `<p class="after"><a class="button-link" href="${escapeHtml(site + localizedPath(lang, "/inloggen"))}">${escapeHtml(translate(lang, key))}</a></p>` : "";

/** "Wachtwoord vergeten?": the e-mail address to send the reset link to. */
export function forgotPage(page: ResetPageBase & { email: string; error?: string | undefined }): string {
  const t = (key: MessageKey): string => translate(page.lang, key);
  const invalid = page.error ? ' aria-invalid="true" aria-describedby="forgot-error"' : "";
  return layout(
    page.lang,
    t("idp.forgot.title"),
    `<h1>${escapeHtml(t("idp.forgot.title"))}</h1>
<p class="intro">${escapeHtml(t("idp.forgot.intro"))}</p>
${page.error ? `<p id="forgot-error" class="error" role="alert">${escapeHtml(page.error)}</p>` : ""}
<form method="post" action="/login/forgot" novalidate>
  ${carried(page)}
  <div class="field">
    <label for="email">${escapeHtml(t("idp.login.email"))}</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(page.email)}"${invalid} autofocus>
  </div>
  <button type="submit">${escapeHtml(t("idp.forgot.submit"))}</button>
</form>
${signInLink(page, "idp.reset.backToSignIn")}`,
    "",
    page.site,
  );
}

/** The same answer whether the address is known or not. */
export function forgotSentPage(page: ResetPageBase & { email: string }): string {
  const t = (key: MessageKey, values?: Record<string, string>): string => translate(page.lang, key, values);
  return layout(
    page.lang,
    t("idp.forgot.sent.title"),
    `<h1>${escapeHtml(t("idp.forgot.sent.title"))}</h1>
<p role="status">${escapeHtml(t("idp.forgot.sent.body", { email: page.email }))}</p>
<p class="intro">${escapeHtml(t("idp.forgot.sent.hint"))}</p>
${signInLink(page, "idp.reset.backToSignIn")}`,
    "",
    page.site,
  );
}

/** The new password, with the provider's rules said before the customer types. */
export function resetPage(page: ResetPageBase & { token: string; error?: string | undefined }): string {
  const t = (key: MessageKey): string => translate(page.lang, key);
  const describedBy = ["password-rules", page.error ? "reset-error" : ""].filter(Boolean).join(" ");
  return layout(
    page.lang,
    t("idp.reset.title"),
    `<h1>${escapeHtml(t("idp.reset.title"))}</h1>
${page.error ? `<p id="reset-error" class="error" role="alert">${escapeHtml(page.error)}</p>` : ""}
<form method="post" action="/login/reset" novalidate>
  ${carried(page)}
  <input type="hidden" name="token" value="${escapeHtml(page.token)}">
  <div class="field">
    <label for="password">${escapeHtml(t("idp.reset.password"))}</label>
    <p id="password-rules" class="hint">${escapeHtml(t("idp.reset.rules"))}</p>
    <div class="password">
      <input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="${describedBy}"${page.error ? ' aria-invalid="true"' : ""} autofocus>
      <button type="button" class="reveal" aria-controls="password" aria-pressed="false" data-show="${escapeHtml(t("idp.login.show"))}" data-hide="${escapeHtml(t("idp.login.hide"))}" hidden>${escapeHtml(t("idp.login.show"))}</button>
    </div>
  </div>
  <button type="submit">${escapeHtml(t("idp.reset.submit"))}</button>
</form>`,
    '<script src="/login/login.js" defer></script>',
    page.site,
  );
}

/** A used, expired or unknown link: why, and a new one a click away. */
export function resetInvalidPage(page: ResetPageBase): string {
  const t = (key: MessageKey): string => translate(page.lang, key);
  return layout(
    page.lang,
    t("idp.reset.invalid.title"),
    `<h1>${escapeHtml(t("idp.reset.invalid.title"))}</h1>
<p>${escapeHtml(t("idp.reset.invalid.body"))}</p>
<p class="after"><a class="button-link" href="${escapeHtml(forgotHref(page.lang, page.site, ""))}">${escapeHtml(t("idp.reset.invalid.again"))}</a></p>`,
    "",
    page.site,
  );
}

export function resetDonePage(page: ResetPageBase): string {
  const t = (key: MessageKey): string => translate(page.lang, key);
  return layout(
    page.lang,
    t("idp.reset.done.title"),
    `<h1>${escapeHtml(t("idp.reset.done.title"))}</h1>
<p role="status">${escapeHtml(t("idp.reset.done.body"))}</p>
${signInLink(page, "idp.reset.signIn")}`,
    "",
    page.site,
  );
}

/** A page with a title and a message, for an expired sign-in attempt and the like. */
export function messagePage(lang: Lang, title: string, message: string): string {
  return layout(lang, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

function send(ctx: KoaContextWithOIDC, html: string, origins: readonly string[]): void {
  ctx.type = "html";
  ctx.set("content-security-policy", pageCsp(origins));
  ctx.set("cache-control", "no-store");
  ctx.body = html;
}

/**
 * The logout step: signs out at once like the hosted provider (the served script submits the
 * provider's form); without script a button does it.
 */
export function logoutPage(ctx: KoaContextWithOIDC, form: string, origins: readonly string[]): void {
  const lang = langFromUiLocales(ctx.oidc.params?.["ui_locales"]);
  const t = (key: MessageKey): string => translate(lang, key);
  send(
    ctx,
    layout(
      lang,
      t("idp.logout.title"),
      `<h1>${escapeHtml(t("idp.logout.title"))}</h1>
<p>${escapeHtml(t("idp.logout.busy"))}</p>
${form}
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t("idp.logout.submit"))}</button>`,
      '<script src="/login/logout.js" defer></script>',
    ),
    origins,
  );
}

/** Shown after a logout without a return address. */
export function signedOutPage(ctx: KoaContextWithOIDC, origins: readonly string[]): void {
  const lang = langFromUiLocales(ctx.oidc.params?.["ui_locales"]);
  send(ctx, messagePage(lang, translate(lang, "idp.signedOut.title"), translate(lang, "idp.signedOut.body")), origins);
}

/** The provider's error page: the OAuth error code and description, escaped. */
export function providerErrorPage(ctx: KoaContextWithOIDC, out: ErrorOut, origins: readonly string[]): void {
  const lang = langFromUiLocales(ctx.oidc?.params?.["ui_locales"]);
  const details = Object.entries(out)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value ?? ""))}</dd>`)
    .join("");
  const title = translate(lang, "idp.error.title");
  send(ctx, layout(lang, title, `<h1>${escapeHtml(title)}</h1>\n<dl class="details">${details}</dl>`), origins);
}

type InvitationForm = ResetPageBase & {
  token: string;
  email: string;
  account: string;
  inviter: string;
  /** The address already has a sign-in: confirm with its password instead of choosing one. */
  existing: boolean;
  error?: string | undefined;
};

/**
 * Accepting an invitation, branded like the sign-in: who invites whom to what, the address (the
 * sign-in name, fixed) and a new password with the provider's rules said first, or the current
 * password of someone who has a sign-in already.
 */
export function invitationPage(page: InvitationForm): string {
  const t = (key: MessageKey, values?: Record<string, string>): string => translate(page.lang, key, values);
  const describedBy = [page.existing ? "" : "password-rules", page.error ? "invitation-error" : ""].filter(Boolean).join(" ");
  return layout(
    page.lang,
    t("idp.invitation.title"),
    `<h1>${escapeHtml(t("idp.invitation.title"))}</h1>
<p class="intro">${escapeHtml(t("idp.invitation.intro", { inviter: page.inviter, account: page.account }))}</p>
<p class="intro">${escapeHtml(t(page.existing ? "idp.invitation.existing" : "idp.invitation.choose"))}</p>
${page.error ? `<p id="invitation-error" class="error" role="alert">${escapeHtml(page.error)}</p>` : ""}
<form method="post" action="/login/invitation" novalidate>
  ${carried(page)}
  <input type="hidden" name="token" value="${escapeHtml(page.token)}">
  <div class="field">
    <label for="email">${escapeHtml(t("idp.invitation.email"))}</label>
    <input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(page.email)}" readonly>
  </div>
  <div class="field">
    <label for="password">${escapeHtml(t(page.existing ? "idp.invitation.currentPassword" : "idp.invitation.password"))}</label>
    ${page.existing ? "" : `<p id="password-rules" class="hint">${escapeHtml(t("idp.reset.rules"))}</p>`}
    <div class="password">
      <input id="password" name="password" type="password" autocomplete="${page.existing ? "current-password" : "new-password"}" required${describedBy ? ` aria-describedby="${describedBy}"` : ""}${page.error ? ' aria-invalid="true"' : ""} autofocus>
      <button type="button" class="reveal" aria-controls="password" aria-pressed="false" data-show="${escapeHtml(t("idp.login.show"))}" data-hide="${escapeHtml(t("idp.login.hide"))}" hidden>${escapeHtml(t("idp.login.show"))}</button>
    </div>
  </div>
  <button type="submit">${escapeHtml(t("idp.invitation.submit"))}</button>
</form>
${page.existing ? `<p class="forgot"><a href="${escapeHtml(forgotHref(page.lang, page.site, page.email))}">${escapeHtml(t("idp.login.forgot"))}</a></p>` : ""}`,
    '<script src="/login/login.js" defer></script>',
    page.site,
  );
}

/** A link that no longer opens the acceptance page: what happened, and what to do. */
export function invitationDeadPage(page: ResetPageBase & { reason: "expired" | "used" | "revoked" | "replaced" | "unknown" }): string {
  const t = (key: MessageKey): string => translate(page.lang, key);
  return layout(
    page.lang,
    t("idp.invitation.dead.title"),
    `<h1>${escapeHtml(t("idp.invitation.dead.title"))}</h1>
<p data-reason="${page.reason}">${escapeHtml(t(`idp.invitation.dead.${page.reason}`))}</p>
${page.reason === "used" ? "" : `<p>${escapeHtml(t("idp.invitation.dead.what"))}</p>`}
${signInLink(page, "idp.invitation.dead.signIn")}`,
    "",
    page.site,
  );
}
