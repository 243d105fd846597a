/**
 * The publish receipt: a page for the content team listing each change the rebuild server took,
 * in Dutch (`/publicaties`) and English (`/en/publications`): when it was received, which path it
 * took (fast or full, and why), how many pages were rendered, when it was live and how long that
 * took, or the failure in plain words and what happens now. Behind sign-in: an editor at the
 * identity provider (editor-sign-in.ts) or the publishing secret, either giving the same session
 * cookie signed with the secret (eight hours); the build's own error is shown folded.
 */
import { createHmac, timingSafeEqual, createHash } from "node:crypto";
import type { BuildRecord } from "./pipeline.ts";

export type ReceiptLang = "nl" | "en";
export const RECEIPT_PATHS: Record<ReceiptLang, string> = { nl: "/publicaties", en: "/en/publications" };
/** Where the editor sign-in at the identity provider starts, per language, and where it comes back. */
export const SIGN_IN_PATHS: Record<ReceiptLang, string> = { nl: "/publicaties/inloggen", en: "/en/publications/sign-in" };
export const CALLBACK_PATH = "/publicaties/callback";

const TEXT = {
  nl: {
    title: "Publicaties",
    intro: "Elke wijziging die de site heeft ontvangen, de nieuwste eerst.",
    none: "Er is nog niets gepubliceerd sinds de publicatieserver is gestart.",
    received: "Ontvangen",
    change: "Wijziging",
    site: { live: "Website", preview: "Voorvertoning" },
    fast: "Snel: alleen de geraakte pagina's opnieuw gemaakt",
    full: "Volledig: de hele site opnieuw gemaakt",
    rendered: (n: number) => `${n} ${n === 1 ? "pagina" : "pagina's"} opnieuw gemaakt`,
    live: (time: string, seconds: string) => `Live om ${time}, ${seconds} seconden na ontvangst`,
    inPreview: (time: string, seconds: string) => `In de voorvertoning om ${time}, ${seconds} seconden na ontvangst`,
    failed: "Niet gelukt",
    failedNow: "De vorige versie van de site blijft online; bezoekers merken niets. Publiceer de wijziging over een paar minuten opnieuw. Lukt het dan weer niet, stuur de technische melding hieronder naar de beheerder.",
    technical: "Technische melding",
    reasons: {
      menus: "de menu's of de instellingen van de site zijn gewijzigd",
      start: "de eerste wijziging na een herstart van de publicatieserver",
      other: "geen wijziging van een pagina of artikel (een afbeelding, of een handmatige of geplande bouw)",
      unknown: "de wijziging hoort bij geen pagina of artikel dat de site kent",
      failed: "de snelle weg lukte niet, daarom is de hele site opnieuw gemaakt",
    },
    actions: { publish: "gepubliceerd", unpublish: "offline gehaald", delete: "verwijderd", archive: "gearchiveerd", unarchive: "teruggezet", save: "concept opgeslagen", auto_save: "concept opgeslagen", create: "aangemaakt", ScheduledAction: "ingepland" } as Record<string, string>,
    kinds: { article: "artikel", page: "pagina" } as Record<string, string>,
    scheduled: "op het geplande tijdstip",
    signInTitle: "Inloggen voor publicaties",
    signInIntro: "Voer de publicatiesleutel in die u van de beheerder van de site hebt gekregen.",
    secret: "Publicatiesleutel",
    signIn: "Inloggen",
    wrongSecret: "Deze sleutel klopt niet. Controleer de sleutel en probeer het opnieuw.",
    editorIntro: "Medewerkers van de redactie loggen in met hun eigen account.",
    editorSignIn: "Inloggen als redacteur",
    orSecret: "Of voer de publicatiesleutel in die u van de beheerder van de site hebt gekregen.",
    noRoleTitle: "Geen toegang tot publicaties",
    noRole: (name: string) => `U bent ingelogd${name ? ` als ${name}` : ""}, maar uw account heeft niet de rol redacteur. Vraag de beheerder van de site om u die rol te geven.`,
    otherAccount: "Met een ander account inloggen",
    useSecret: "Inloggen met de publicatiesleutel",
    refusedTitle: "Inloggen is niet gelukt",
    refused: {
      "no-sign-in": "Het inloggen duurde te lang of is in een ander venster begonnen. Probeer het opnieuw.",
      cancelled: "U hebt het inloggen afgebroken.",
      invalid: "Het antwoord van de inlogdienst kon niet worden gecontroleerd. Probeer het opnieuw; lukt het dan weer niet, meld het aan de beheerder van de site.",
    },
    unavailable: "De inlogdienst is nu niet bereikbaar. Probeer het over een paar minuten opnieuw, of log in met de publicatiesleutel.",
    tryAgain: "Opnieuw inloggen",
    continue: "Verder naar publicaties",
    other: "English",
  },
  en: {
    title: "Publications",
    intro: "Every change the site received, newest first.",
    none: "Nothing has been published since the publishing server started.",
    received: "Received",
    change: "Change",
    site: { live: "Website", preview: "Preview" },
    fast: "Fast: only the affected pages were made again",
    full: "Full: the whole site was made again",
    rendered: (n: number) => `${n} ${n === 1 ? "page" : "pages"} made again`,
    live: (time: string, seconds: string) => `Live at ${time}, ${seconds} seconds after it was received`,
    inPreview: (time: string, seconds: string) => `In the preview at ${time}, ${seconds} seconds after it was received`,
    failed: "Did not succeed",
    failedNow: "The previous version of the site stays online; visitors notice nothing. Publish the change again in a few minutes. If it fails again, send the technical message below to the site's administrator.",
    technical: "Technical message",
    reasons: {
      menus: "the menus or the site's settings changed",
      start: "the first change after the publishing server restarted",
      other: "not a change of a page or article (an image, or a manual or scheduled build)",
      unknown: "the change belongs to no page or article the site knows",
      failed: "the fast way did not succeed, so the whole site was made again",
    },
    actions: { publish: "published", unpublish: "taken offline", delete: "deleted", archive: "archived", unarchive: "restored", save: "draft saved", auto_save: "draft saved", create: "created", ScheduledAction: "scheduled" } as Record<string, string>,
    kinds: { article: "article", page: "page" } as Record<string, string>,
    scheduled: "at the scheduled time",
    signInTitle: "Sign in for publications",
    signInIntro: "Enter the publishing key the site's administrator gave you.",
    secret: "Publishing key",
    signIn: "Sign in",
    wrongSecret: "This key is not right. Check the key and try again.",
    editorIntro: "Members of the content team sign in with their own account.",
    editorSignIn: "Sign in as an editor",
    orSecret: "Or enter the publishing key the site's administrator gave you.",
    noRoleTitle: "No access to publications",
    noRole: (name: string) => `You are signed in${name ? ` as ${name}` : ""}, but your account does not have the editor role. Ask the site's administrator to give you that role.`,
    otherAccount: "Sign in with another account",
    useSecret: "Sign in with the publishing key",
    refusedTitle: "Signing in did not succeed",
    refused: {
      "no-sign-in": "Signing in took too long or was started in another window. Please try again.",
      cancelled: "You cancelled signing in.",
      invalid: "The answer of the sign-in service could not be verified. Please try again; if it fails again, tell the site's administrator.",
    },
    unavailable: "The sign-in service cannot be reached right now. Try again in a few minutes, or sign in with the publishing key.",
    tryAgain: "Sign in again",
    continue: "Continue to publications",
    other: "Nederlands",
  },
} as const;

/** Everything from the CMS or a build goes through here: text, never markup. */
const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** Why a change took the full build, in the editor's words. */
export function fullReasonText(reason: string | null, lang: ReceiptLang): string | null {
  if (reason === null) return null;
  const reasons = TEXT[lang].reasons;
  if (reason.startsWith("menus or site configuration")) return reasons.menus;
  if (reason.startsWith("no warm renderer")) return reasons.start;
  if (reason.startsWith("not a content entry change")) return reasons.other;
  if (reason.startsWith("entry ")) return reasons.unknown;
  return reasons.failed;
}

/** One change of a build in words: "artikel statiegeld-op-blik gepubliceerd". */
function changeText(trigger: BuildRecord["triggers"][number], lang: ReceiptLang): string {
  const t = TEXT[lang];
  const [, kind, action] = trigger.topic.split(".");
  const verb = t.actions[kind === "ScheduledAction" ? "ScheduledAction" : (action ?? "")] ?? trigger.topic;
  const colon = trigger.id.indexOf(":");
  const entry = colon > 0 ? `${t.kinds[trigger.id.slice(0, colon)] ?? trigger.id.slice(0, colon)} ${trigger.id.slice(colon + 1)}` : trigger.id;
  return `${entry} ${verb}${trigger.source === "schedule" ? ` ${t.scheduled}` : ""}`;
}

const clockTime = (iso: string): string =>
  new Intl.DateTimeFormat("nl-NL", { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "Europe/Amsterdam" }).format(new Date(iso));
const dayAndTime = (iso: string, lang: ReceiptLang): string =>
  new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "nl-NL", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Amsterdam" }).format(new Date(iso));

/** The receipt of one build: what a row of the page says. */
export function receiptOf(record: BuildRecord, site: "live" | "preview", lang: ReceiptLang) {
  const t = TEXT[lang];
  const received = record.triggers.map((trigger) => trigger.at).sort()[0] ?? record.startedAt;
  const seconds = record.liveAt ? ((Date.parse(record.liveAt) - Date.parse(received)) / 1000).toFixed(1) : null;
  const path = record.path === "fast" ? t.fast : record.path === "full" ? t.full : null;
  const why = fullReasonText(record.fullReason, lang);
  return {
    site: t.site[site],
    receivedAt: dayAndTime(received, lang),
    receivedIso: received,
    changes: [...new Set(record.triggers.map((trigger) => changeText(trigger, lang)))],
    // A failed build changed nothing: which path it tried is no news to the content team.
    path: record.result === "failed" ? null : path && why ? `${path} (${why})` : path,
    rendered: record.result === "success" && record.path === "fast" && record.rendered !== null ? t.rendered(record.rendered) : null,
    live:
      record.result === "success" && record.liveAt && seconds !== null
        ? (site === "preview" ? t.inPreview : t.live)(clockTime(record.liveAt), lang === "nl" ? seconds.replace(".", ",") : seconds)
        : null,
    failure: record.result === "failed" ? { title: t.failed, now: t.failedNow, technical: record.error ?? "" } : null,
  };
}

/** The page's common frame: language, title, the link to the other language. */
function page(lang: ReceiptLang, title: string, body: string, head = ""): string {
  const other: ReceiptLang = lang === "nl" ? "en" : "nl";
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">${head}
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="brand">klantportaal</p><a href="${RECEIPT_PATHS[other]}" hreflang="${other}" lang="${other}">${TEXT[lang].other}</a></header>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const STYLE = `
:root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b1f24; background: #f4f6f9; line-height: 1.5; }
body { margin: 0; }
header { display: flex; justify-content: space-between; align-items: center; padding: 0.75rem 1rem; background: #0a4a8c; color: #fff; }
header a { color: #fff; }
.brand { margin: 0; font-weight: 700; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.75rem; margin: 0.5rem 0; }
ol { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; }
li.change { background: #fff; border: 1px solid #cfd6df; border-left: 6px solid #1e6b34; border-radius: 6px; padding: 0.75rem 1rem; }
li.change.failed { border-left-color: #b3261e; }
.meta { color: #4f5660; margin: 0; font-size: 0.95rem; }
.what { font-weight: 600; margin: 0.25rem 0; overflow-wrap: anywhere; }
.live { color: #1e6b34; font-weight: 600; margin: 0.25rem 0 0; }
.failure { color: #8c1d17; font-weight: 600; margin: 0.25rem 0 0; }
details { margin-top: 0.5rem; } pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f6f9; padding: 0.5rem; }
form { background: #fff; border: 1px solid #cfd6df; border-radius: 6px; padding: 1rem; max-width: 28rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { width: 100%; box-sizing: border-box; min-height: 2.75rem; font: inherit; padding: 0.5rem; border: 1px solid #6b7380; border-radius: 4px; }
a.button { display: inline-block; padding: 0.6rem 1.25rem; min-height: 1.5rem; color: #fff; background: #0a4a8c; border-radius: 4px; font-weight: 600; text-decoration: none; }
a.button:hover, a.button:focus-visible { background: #083a6e; text-decoration: underline; }
button { margin-top: 0.75rem; min-height: 2.75rem; padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; color: #fff; background: #0a4a8c; border: 0; border-radius: 4px; cursor: pointer; }
.error { color: #8c1d17; font-weight: 600; }
.notice { max-width: 40rem; margin: 0.75rem 0 1.25rem; padding: 0.75rem 1rem; background: #fff; border: 1px solid #cfd6df; border-left: 6px solid #b3261e; border-radius: 6px; }
`;

/** The receipt page: every build of both sites, newest first. */
export function renderReceiptPage(lang: ReceiptLang, builds: { site: "live" | "preview"; record: BuildRecord }[]): string {
  const t = TEXT[lang];
  const rows = builds
    .map(({ site, record }) => ({ site, record, at: record.triggers.map((trigger) => trigger.at).sort()[0] ?? record.startedAt }))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.site === "live" ? -1 : 1))
    .map(({ site, record }) => {
      const r = receiptOf(record, site, lang);
      const lines = [
        `<p class="meta">${escape(r.site)} · ${t.received} <time datetime="${escape(r.receivedIso)}">${escape(r.receivedAt)}</time></p>`,
        `<p class="what">${r.changes.map(escape).join("; ") || escape(t.change)}</p>`,
        r.path ? `<p class="meta">${escape(r.path)}${r.rendered ? ` · ${escape(r.rendered)}` : ""}</p>` : "",
        r.live ? `<p class="live">${escape(r.live)}</p>` : "",
        r.failure
          ? `<p class="failure">${escape(r.failure.title)}</p><p>${escape(r.failure.now)}</p><details><summary>${escape(t.technical)}</summary><pre>${escape(r.failure.technical)}</pre></details>`
          : "",
      ];
      return `<li class="change${r.failure ? " failed" : ""}">${lines.join("")}</li>`;
    });
  const body = rows.length > 0 ? `<p>${escape(t.intro)}</p>\n<ol>${rows.join("\n")}</ol>` : `<p>${escape(t.none)}</p>`;
  return page(lang, t.title, body);
}

/**
 * The sign-in page: the editor's sign-in at the identity provider when it is configured, and the
 * publishing key (with the refusal after a wrong key).
 */
export function renderSignIn(lang: ReceiptLang, wrong: boolean, editorSignIn = false): string {
  const t = TEXT[lang];
  const editor = editorSignIn
    ? `<p>${escape(t.editorIntro)}</p>
<p><a class="button" href="${SIGN_IN_PATHS[lang]}">${escape(t.editorSignIn)}</a></p>
<p>${escape(t.orSecret)}</p>`
    : `<p>${escape(t.signInIntro)}</p>`;
  const body = `${editor}
<form method="post" action="${RECEIPT_PATHS[lang]}">
${wrong ? `<p class="error" role="alert">${escape(t.wrongSecret)}</p>` : ""}
<label for="secret">${escape(t.secret)}</label>
<input id="secret" name="secret" type="password" autocomplete="current-password" required>
<button type="submit">${escape(t.signIn)}</button>
</form>`;
  return page(lang, t.signInTitle, body);
}

/** A signed-in person without the editor role: what is wrong and the two ways on. */
export function renderNoRole(lang: ReceiptLang, name: string): string {
  const t = TEXT[lang];
  const body = `<p class="notice" role="alert">${escape(t.noRole(name))}</p>
<p><a class="button" href="${SIGN_IN_PATHS[lang]}?again=1">${escape(t.otherAccount)}</a></p>
<p><a href="${RECEIPT_PATHS[lang]}">${escape(t.useSecret)}</a></p>`;
  return page(lang, t.noRoleTitle, body);
}

/** The sign-in at the provider failed a check, was cancelled, lapsed, or the provider is down. */
export function renderSignInFailed(lang: ReceiptLang, reason: "no-sign-in" | "cancelled" | "invalid" | "unavailable"): string {
  const t = TEXT[lang];
  const text = reason === "unavailable" ? t.unavailable : t.refused[reason];
  const body = `<p class="notice" role="alert">${escape(text)}</p>
<p><a class="button" href="${SIGN_IN_PATHS[lang]}">${escape(t.tryAgain)}</a></p>
<p><a href="${RECEIPT_PATHS[lang]}">${escape(t.useSecret)}</a></p>`;
  return page(lang, t.refusedTitle, body);
}

/**
 * After the provider's redirect: the session cookie is SameSite=Strict, which a browser leaves off
 * a redirect chain that began on another site. A page of this site that moves on by itself (a
 * meta refresh, as the page's CSP allows no script) makes the next request same-site.
 */
export function renderContinue(lang: ReceiptLang): string {
  const t = TEXT[lang];
  return page(lang, t.title, `<p><a href="${RECEIPT_PATHS[lang]}">${escape(t.continue)}</a></p>`, `<meta http-equiv="refresh" content="0;url=${RECEIPT_PATHS[lang]}">`);
}

/** The session cookie's name; the value is `<expiry ms>.<HMAC-SHA256 of it with the secret>`. */
export const SESSION_COOKIE = "kp_publications";
export const SESSION_MS = 8 * 60 * 60 * 1000;

const sign = (secret: string, expiry: number): string => createHmac("sha256", secret).update(`publications:${expiry}`).digest("base64url");

/** With `secure` (the request came over https), the browser sends the cookie over https only. */
export function sessionCookie(secret: string, now: number, secure = false): string {
  const expiry = now + SESSION_MS;
  return `${SESSION_COOKIE}=${expiry}.${sign(secret, expiry)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}${secure ? "; Secure" : ""}`;
}

/** Whether the request's cookies carry an unexpired session signed with the secret. */
export function hasSession(cookieHeader: string | undefined, secret: string, now: number): boolean {
  const value = (cookieHeader ?? "").split(";").map((part) => part.trim()).find((part) => part.startsWith(`${SESSION_COOKIE}=`))?.slice(SESSION_COOKIE.length + 1);
  const [expiryText, mac] = (value ?? "").split(".");
  const expiry = Number(expiryText);
  if (!mac || !Number.isSafeInteger(expiry) || expiry <= now) return false;
  return sameText(mac, sign(secret, expiry));
}

/** Constant-time comparison over digests, so lengths leak nothing either. */
export function sameText(given: string, expected: string): boolean {
  const digest = (text: string): Buffer => createHash("sha256").update(text).digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(expected));
}
