import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import { translate, type Lang } from "../../src/core/i18n/index.ts";
import { isEmail, normalizeEmail } from "../../src/core/validation/email.ts";
import { sendMail } from "../db/people/mail.ts";
import { findUserByEmail, findUserById } from "../db/people/users.ts";
import { readRawBody } from "../http.ts";
import { clock } from "./clock.ts";
import { hashPassword } from "./password.ts";
import { passwordProblem } from "./password-rules.ts";
import { forgotPage, forgotSentPage, htmlSender, resetDonePage, resetInvalidPage, resetPage, siteOriginOf } from "./pages.ts";

/** How long a reset link works. */
export const RESET_LINK_MS = 60 * 60 * 1000;
/**
 * Reset mails to one address in the last hour (the links' lifetime): past it a request is answered
 * as ever and mails nothing, so nobody can flood a customer's mailbox from the forgot page.
 */
export const RESET_MAILS_PER_HOUR = 3;

/** The reset pages: /login/forgot asks for the address, /login/reset?token= sets the new password. */
export const RESET_PATHS = ["/login/forgot", "/login/reset"] as const;

/**
 * "Wachtwoord vergeten?": a reset by e-mail. The answer to a request is the same whether the address
 * is known or not (no way to find out who has a sign-in); a known address gets a mail (the outbox)
 * with a single-use link valid for an hour on the stand-in's clock. Only the token's hash is stored.
 * A new password must meet the provider's rules.
 */
export function createPasswordResetHandler(db: DatabaseSync, siteOrigins: readonly string[], issuer: string) {
  db.exec(`CREATE TABLE IF NOT EXISTS password_resets (
    token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, lang TEXT NOT NULL, site TEXT,
    expires_at INTEGER NOT NULL, used_at INTEGER)`);
  const sendHtml = htmlSender(siteOrigins);

  const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

  type Reset = { user_id: string; lang: string; site: string | null; expires_at: number; used_at: number | null };
  /** The reset a token opens, if it is known, unused and not expired. */
  function usable(token: string): Reset | undefined {
    if (!/^[\w-]{20,100}$/.test(token)) return undefined;
    const row = db.prepare("SELECT user_id, lang, site, expires_at, used_at FROM password_resets WHERE token_hash = ?").get(hashOf(token)) as Reset | undefined;
    return row && row.used_at === null && row.expires_at > clock.now() ? row : undefined;
  }

  return async function handleReset(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const query = url.searchParams;
    const form = req.method === "POST" ? new URLSearchParams((await readRawBody(req, 10_000)).toString("utf8")) : new URLSearchParams();
    const lang: Lang = (form.get("lang") ?? query.get("lang")) === "en" ? "en" : "nl";
    const site = siteOriginOf(form.get("site") ?? query.get("site") ?? undefined, siteOrigins);

    if (url.pathname === "/login/forgot") {
      if (req.method !== "POST") {
        sendHtml(res, 200, forgotPage({ lang, site, email: query.get("email") ?? "" }));
        return;
      }
      const typed = (form.get("email") ?? "").trim();
      if (!isEmail(typed)) {
        sendHtml(res, 400, forgotPage({ lang, site, email: typed, error: translate(lang, typed === "" ? "idp.forgot.error.required" : "idp.forgot.error.email") }));
        return;
      }
      const user = findUserByEmail(db, normalizeEmail(typed));
      // A link lives an hour: the ones still alive are the mails of the last hour.
      const mailedLastHour = user
        ? (db.prepare("SELECT COUNT(*) AS n FROM password_resets WHERE user_id = ? AND expires_at > ?").get(user.id, clock.now()) as { n: number }).n
        : 0;
      if (user && mailedLastHour < RESET_MAILS_PER_HOUR) {
        const token = randomBytes(32).toString("base64url");
        db.prepare("INSERT INTO password_resets (token_hash, user_id, lang, site, expires_at) VALUES (?, ?, ?, ?, ?)").run(
          hashOf(token),
          user.id,
          lang,
          site ?? null,
          clock.now() + RESET_LINK_MS,
        );
        const link = `${issuer}/login/reset?token=${token}`;
        sendMail(
          db,
          { to: user.email, subject: translate(lang, "mail.reset.subject"), body: translate(lang, "mail.reset.body", { firstName: user.firstName, link }) },
          clock.nowIso(),
        );
      }
      // The same answer for an unknown address: the page never tells who has a sign-in.
      sendHtml(res, 200, forgotSentPage({ lang, site, email: typed }));
      return;
    }

    const token = form.get("token") ?? query.get("token") ?? "";
    const reset = usable(token);
    const resetLang: Lang = reset?.lang === "en" ? "en" : reset ? "nl" : lang;
    const resetSite = reset?.site ? siteOriginOf(reset.site, siteOrigins) : site;
    if (!reset) {
      sendHtml(res, 410, resetInvalidPage({ lang: resetLang, site: resetSite }));
      return;
    }
    if (req.method !== "POST") {
      sendHtml(res, 200, resetPage({ lang: resetLang, site: resetSite, token }));
      return;
    }
    const password = form.get("password") ?? "";
    const problem = passwordProblem(password);
    if (problem) {
      sendHtml(res, 400, resetPage({ lang: resetLang, site: resetSite, token, error: translate(resetLang, `idp.reset.error.${problem}`) }));
      return;
    }
    const user = findUserById(db, reset.user_id);
    // Single use: the link is spent before anything else can go wrong, and every other open link of this user with it.
    db.prepare("UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL").run(clock.now(), reset.user_id);
    if (!user) {
      sendHtml(res, 410, resetInvalidPage({ lang: resetLang, site: resetSite }));
      return;
    }
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hashPassword(password), user.id);
    sendHtml(res, 200, resetDonePage({ lang: resetLang, site: resetSite }));
  };
}
