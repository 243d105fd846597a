import type { ErrorOut, KoaContextWithOIDC } from "oidc-provider";
import { translate, type Lang, type MessageKey } from "../../../src/core/i18n/index.ts";

/**
 * The provider's own HTML: login form, logout, signed-out and error pages. Styling comes from one
 * served stylesheet and the only script is a served file, so a strict CSP without 'unsafe-inline' holds.
 */

/** `ui_locales` as the site sends it (`en`, `en-US`, `nl-NL en`): English when it comes first. */
export const langFromUiLocales = (uiLocales: unknown): Lang =>
  typeof uiLocales === "string" && /^en\b/i.test(uiLocales.trim()) ? "en" : "nl";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Content-Security-Policy of every provider page; forms may post back here and redirect to the sites. */
export function pageCsp(siteOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${siteOrigins.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function layout(lang: Lang, title: string, main: string, extraHead = ""): string {
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
<header class="brand"><span class="brand-mark" aria-hidden="true"></span>${escapeHtml(t("idp.brand"))}</header>
<main class="card">
${main}
</main>
</body>
</html>`;
}

export type LoginForm = {
  lang: Lang;
  action: string;
  email: string;
  /** An error about the whole attempt (wrong credentials, lock-out), tied to both fields. */
  error?: string;
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
<p class="intro">${escapeHtml(t("idp.login.intro"))}</p>
${error}
<form method="post" action="${escapeHtml(form.action)}" novalidate>
  <div class="field">
    <label for="email">${escapeHtml(t("idp.login.email"))}</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(form.email)}"${invalid}${form.email ? "" : " autofocus"}>
  </div>
  <div class="field">
    <label for="password">${escapeHtml(t("idp.login.password"))}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${form.email ? " autofocus" : ""}>
  </div>
  <button type="submit">${escapeHtml(t("idp.login.submit"))}</button>
</form>`,
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
