import type { MessageKey } from "../i18n/index.ts";
import { apiFieldErrors } from "./form-errors.ts";

/** A notice after a user action: success or failure, a title and a message. */
export type Notice = { tone: "success" | "error"; title: MessageKey; message: MessageKey; vars?: Record<string, string> };

export type UserAction = "create" | "edit" | "remove" | "handOver";

/** Success notices; a create that linked an existing sign-in says so instead of "an e-mail with your details". */
export function successNotice(action: UserAction, name: string, linkedExisting = false): Notice {
  const vars = { name };
  if (action === "create") {
    return linkedExisting
      ? { tone: "success", title: "portal.users.created.title", message: "portal.users.linked.message", vars }
      : { tone: "success", title: "portal.users.created.title", message: "portal.users.created.message", vars };
  }
  if (action === "edit") return { tone: "success", title: "portal.users.edited.title", message: "portal.users.edited.message", vars };
  if (action === "handOver") return { tone: "success", title: "portal.users.handedOver.title", message: "portal.users.handedOver.message", vars };
  return { tone: "success", title: "portal.users.removed.title", message: "portal.users.removed.message", vars };
}

/**
 * The failure notice. A refusal the API explains (a guard such as self-removal, or an address already
 * on the account) shows that reason; anything else gets the generic texts: creating and removing
 * share 'Something went wrong while creating the user', editing gets 'Something went wrong'.
 */
export function failureNotice(action: UserAction, error: unknown): Notice {
  const reason = apiFieldErrors(error)?.[0];
  if (reason && action !== "create") return { tone: "error", title: "portal.users.error.title", message: `validation.${reason.code}` };
  if (reason?.code === "already_linked") return { tone: "error", title: "portal.users.error.title", message: "validation.already_linked" };
  if (action === "edit" || action === "handOver") return { tone: "error", title: "common.error.title", message: "common.error.body" };
  return { tone: "error", title: "portal.users.error.title", message: "portal.users.error.create" };
}
