import { ApiError } from "../api/errors.ts";
import type { MessageKey } from "../i18n/index.ts";
import { apiFieldErrors } from "./form-errors.ts";

/** A notice after a user action: success or failure, a title and a message. */
export type Notice = { tone: "success" | "error"; title: MessageKey; message: MessageKey; vars?: Record<string, string> };

export type UserAction = "create" | "edit" | "remove" | "handOver" | "resend" | "revoke" | "deactivate" | "reactivate";

/**
 * Success notices. Adding a user says the same words (added; an e-mail is sent) whether or not
 * the address has a sign-in elsewhere (the invitation's answer is the same for both: the inviter never learns who has one).
 */
export function successNotice(action: UserAction, name: string): Notice {
  const vars = { name };
  if (action === "create") return { tone: "success", title: "portal.users.created.title", message: "portal.users.created.message", vars };
  if (action === "resend") return { tone: "success", title: "portal.users.resent.title", message: "portal.users.resent.message", vars };
  if (action === "deactivate") return { tone: "success", title: "portal.users.deactivated.title", message: "portal.users.deactivated.message", vars };
  if (action === "reactivate") return { tone: "success", title: "portal.users.reactivated.title", message: "portal.users.reactivated.message", vars };
  if (action === "revoke") return { tone: "success", title: "portal.users.revoked.title", message: "portal.users.revoked.message", vars };
  if (action === "edit") return { tone: "success", title: "portal.users.edited.title", message: "portal.users.edited.message", vars };
  if (action === "handOver") return { tone: "success", title: "portal.users.handedOver.title", message: "portal.users.handedOver.message", vars };
  return { tone: "success", title: "portal.users.removed.title", message: "portal.users.removed.message", vars };
}

/**
 * The failure notice. A refusal the API explains (a guard such as self-removal, or an address already
 * on the account, the limit on invitations) shows that reason; anything else gets the generic texts: creating and removing
 * share 'Something went wrong while creating the user', editing gets 'Something went wrong'.
 */
export function failureNotice(action: UserAction, error: unknown): Notice {
  if (error instanceof ApiError && error.quota === "invitation_quota") {
    return { tone: "error", title: "portal.users.error.title", message: "portal.users.error.invitation_quota" };
  }
  const reason = apiFieldErrors(error)?.[0];
  if (reason && action !== "create") return { tone: "error", title: "portal.users.error.title", message: `validation.${reason.code}` };
  if (reason && (["already_linked", "already_invited", "self_invite", "permission_not_held", "account_not_managed", "accounts_required"] as const).some((code) => code === reason.code)) {
    return { tone: "error", title: "portal.users.error.title", message: `validation.${reason.code}` };
  }
  if (action !== "create" && action !== "remove") return { tone: "error", title: "common.error.title", message: "common.error.body" };
  return { tone: "error", title: "portal.users.error.title", message: "portal.users.error.create" };
}
