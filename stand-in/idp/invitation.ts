import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import { ACCOUNT_HINT_PARAM } from "../../src/core/auth/account-hint.ts";
import { translate, type Lang } from "../../src/core/i18n/index.ts";
import { localizedPath } from "../../src/core/i18n/locale.ts";
import { type DeadLink, groupLinkOutcome, invitationState } from "../../src/core/permissions/invitations.ts";
import { bumpUpdatedAt, createUser, findUserByEmail, findUserById, recordSignIn } from "../db/people/users.ts";
import { findAccount } from "../db/people/accounts.ts";
import { invitationByToken, markAccepted, type Invitation } from "../db/people/invitations.ts";
import { linkOf, linkUser } from "../db/people/links.ts";
import { readRawBody } from "../http.ts";
import { logActivity, personLabel } from "../api/routes/activity.ts";
import { clock } from "./clock.ts";
import { invitationDeadPage, invitationPage, htmlSender } from "./pages.ts";
import { verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-rules.ts";
import type { LoginThrottle } from "./throttle.ts";

/** The acceptance page a mailed invitation link opens. */
export const INVITATION_PATH = "/login/invitation";

/** The cookie that carries a just-accepted invitation into the sign-in that follows (path /login, five minutes). */
export const ACCEPTED_COOKIE = "kp_invitation_accepted";
const TICKET_MS = 5 * 60 * 1000;

/**
 * The tickets of just-accepted invitations: the acceptance page proves the person (their new or
 * current password), so the sign-in it sends them to asks for nothing more. Single use, kept in
 * memory (a restart costs a ticket of five minutes at most), only hashes.
 */
export function createAcceptedTickets() {
  const tickets = new Map<string, { userId: string; expiresAt: number }>();
  const hashOf = (ticket: string): string => createHash("sha256").update(ticket).digest("hex");
  return {
    issue(userId: string): string {
      const ticket = randomBytes(32).toString("base64url");
      tickets.set(hashOf(ticket), { userId, expiresAt: clock.now() + TICKET_MS });
      return ticket;
    },
    /** The user a ticket from the request's cookie names, spending it; undefined without a valid one. */
    redeem(req: http.IncomingMessage): string | undefined {
      const cookie = (req.headers.cookie ?? "").split(/;\s*/).find((part) => part.startsWith(`${ACCEPTED_COOKIE}=`));
      const ticket = cookie?.slice(ACCEPTED_COOKIE.length + 1) ?? "";
      const key = hashOf(ticket);
      const found = tickets.get(key);
      tickets.delete(key);
      return found && found.expiresAt > clock.now() ? found.userId : undefined;
    },
  };
}
export type AcceptedTickets = ReturnType<typeof createAcceptedTickets>;

/**
 * Accepting an invitation at /login/invitation?token=…&lang=…: someone without a sign-in chooses a
 * password (the provider's rules) and gets one; someone who has one confirms with their password
 * (never linked silently). Either way they join the account with the invited permissions, the link
 * is spent, and they go through the site's sign-in straight to its dashboard, on the invited account
 * (the ticket above; the `account` hint of /inloggen). A
 * dead link (expired, used, revoked, replaced, unknown) gets a page saying which and what to do.
 */
export function createInvitationHandler(db: DatabaseSync, siteOrigins: readonly string[], tickets: AcceptedTickets, throttle: LoginThrottle) {
  const sendHtml = htmlSender(siteOrigins);
  const site = siteOrigins[0];

  /** The accounts named (all the invitation's running ones, "A and B"), and who invited. */
  function context(open: readonly Invitation[], lang: Lang) {
    const names = open.map((invitation) => findAccount(db, invitation.accountNumber)?.name ?? invitation.accountNumber);
    const first = open[0];
    const inviter = first?.invitedBy ? findUserById(db, first.invitedBy) : undefined;
    return {
      account: new Intl.ListFormat(lang === "en" ? "en-GB" : "nl-NL", { type: "conjunction" }).format(names),
      inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : (names[0] ?? ""),
    };
  }

  /** What the link is now, and the invitations it still accepts: every one of its group that runs (one, or several accounts). */
  function linkState(token: string) {
    const found = invitationByToken(db, token);
    const now = clock.now();
    const outcome = found ? groupLinkOutcome(found.group, found.replaced, now) : "unknown";
    const open = found?.group.filter((invitation) => invitationState(invitation, now) === "invited") ?? [];
    return { outcome, open };
  }

  return async function handleInvitation(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const form = req.method === "POST" ? new URLSearchParams((await readRawBody(req, 10_000)).toString("utf8")) : new URLSearchParams();
    const lang: Lang = (form.get("lang") ?? url.searchParams.get("lang")) === "en" ? "en" : "nl";
    const token = form.get("token") ?? url.searchParams.get("token") ?? "";
    const dead = (reason: DeadLink): void =>
      sendHtml(res, 410, invitationDeadPage({ lang, site, reason }));
    let { outcome, open } = linkState(token);
    const invitation = open[0];
    if (!invitation || outcome !== "open") {
      dead(outcome === "open" ? "unknown" : outcome);
      return;
    }
    const existing = findUserByEmail(db, invitation.email);
    const page = { lang, site, token, email: invitation.email, existing: existing !== undefined, ...context(open, lang) };
    if (req.method !== "POST") {
      sendHtml(res, 200, invitationPage(page));
      return;
    }
    const password = form.get("password") ?? "";
    let userId: string;
    if (existing) {
      // A password check like the sign-in's, so it is throttled like the sign-in's: this page must not
      // be a way around the waits for guessing a person's password.
      const client = req.socket.remoteAddress ?? "unknown";
      await throttle.wait(existing.email, client);
      if (!(await verifyPassword(password, existing.passwordHash))) {
        throttle.failed(existing.email, client);
        sendHtml(res, 401, invitationPage({ ...page, error: translate(lang, "idp.invitation.error.credentials") }));
        return;
      }
      throttle.succeeded(existing.email);
      // The waits above let time pass: the link may since have been used, revoked or replaced.
      ({ outcome, open } = linkState(token));
      if (outcome !== "open" || open.length === 0) {
        dead(outcome === "open" ? "unknown" : outcome);
        return;
      }
      userId = existing.id;
    } else {
      const problem = passwordProblem(password);
      if (problem) {
        sendHtml(res, 400, invitationPage({ ...page, error: translate(lang, `idp.reset.error.${problem}`) }));
        return;
      }
      userId = createUser(db, { email: invitation.email, password, firstName: invitation.firstName, lastName: invitation.lastName, phone: invitation.phone }, clock.nowSeconds());
    }
    db.exec("BEGIN");
    try {
      // Accepted is spent: every link of the invitation dies with it (linkOutcome "used"). One link
      // joins every account of the invitation still running, each logged on its own account.
      for (const each of open) {
        markAccepted(db, each.id, userId, clock.now());
        if (!linkOf(db, userId, each.accountNumber)) linkUser(db, userId, each.accountNumber, each.permissions);
        logActivity(db, userId, each.accountNumber, "invitation_accepted", { subject: personLabel(each), field: "permissions", newValue: each.permissions.join(", ") });
      }
      bumpUpdatedAt(db, userId, clock.nowSeconds());
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    const ticket = tickets.issue(userId);
    res.setHeader("set-cookie", `${ACCEPTED_COOKIE}=${ticket}; Path=/login; Max-Age=${TICKET_MS / 1000}; HttpOnly; SameSite=Lax`);
    res.statusCode = 303;
    // To the (first) account they were invited to, also for a person who already had others.
    res.setHeader("location", `${site ?? ""}${localizedPath(lang, "/inloggen")}?${ACCOUNT_HINT_PARAM}=${encodeURIComponent((open[0] ?? invitation).accountNumber)}`);
    res.setHeader("cache-control", "no-store");
    res.end();
  };
}

/** Records an interactive sign-in (the users screen's "last signed in"). */
export const signedIn = (db: DatabaseSync, userId: string): void => recordSignIn(db, userId, clock.now());
