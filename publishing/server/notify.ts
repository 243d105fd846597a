/**
 * Sends a signed CMS webhook, as the CMS would: the stand-in's content admin calls this on every
 * publish, unpublish, edit and create, so the whole publishing loop runs locally.
 */
import { changeId, type ContentKind } from "../../src/core/content/content-types.ts";
import { TOPIC_HEADER } from "./payload.ts";
import { signRequest } from "./signature.ts";

/** What the stand-in's content admin reports after an action. */
export type ContentChange = {
  action: "publish" | "unpublish" | "edit" | "create" | "delete" | "schedule";
  type: ContentKind;
  slug: string;
  locale: string;
  /** A scheduled publish or unpublish: the CMS's id for it, which action and when. */
  scheduled?: { id: string; action: "publish" | "unpublish"; at: string } | undefined;
};

/** The CMS topic for an admin action: an edit saves a draft; create makes an unpublished entry. */
const TOPICS: Record<Exclude<ContentChange["action"], "schedule">, string> = {
  publish: "ContentManagement.Entry.publish",
  unpublish: "ContentManagement.Entry.unpublish",
  edit: "ContentManagement.Entry.save",
  create: "ContentManagement.Entry.create",
  delete: "ContentManagement.Entry.delete",
};

export function webhookFor(change: ContentChange): { topic: string; body: string } {
  if (change.action === "schedule" && change.scheduled) {
    // Contentful's scheduled action: the entity it acts on, the action, and when.
    const scheduled = {
      sys: { id: change.scheduled.id, type: "ScheduledAction" },
      entity: { sys: { id: changeId(change.type, change.slug), type: "Link", linkType: "Entry" } },
      action: change.scheduled.action,
      scheduledFor: { datetime: change.scheduled.at },
    };
    return { topic: "ContentManagement.ScheduledAction.create", body: JSON.stringify(scheduled) };
  }
  const body = {
    sys: { id: changeId(change.type, change.slug), type: "Entry", contentType: { sys: { id: change.type } } },
    fields: { slug: { [change.locale]: change.slug } },
  };
  return { topic: TOPICS[change.action === "schedule" ? "edit" : change.action], body: JSON.stringify(body) };
}

/** POSTs the signed webhook; resolves with the response status. */
export async function sendContentWebhook(options: {
  url: string;
  secret: string;
  change: ContentChange;
  now?: () => number;
}): Promise<number> {
  const { topic, body } = webhookFor(options.change);
  const target = new URL(options.url);
  const headers = { "content-type": "application/json", [TOPIC_HEADER]: topic };
  const signature = signRequest(
    options.secret,
    { method: "POST", path: target.pathname + target.search, headers, body },
    (options.now ?? Date.now)(),
  );
  // Signed for this address: a redirect is answered as the status it is, never followed with the signature.
  const response = await fetch(target, { method: "POST", headers: { ...headers, ...signature }, body, redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}
