/**
 * What a CMS webhook says and which sites it concerns. The topic header names the event
 * (`ContentManagement.Entry.publish`); the body is the entity with its `sys` block.
 */
import * as v from "valibot";

export const TOPIC_HEADER = "x-contentful-topic";

const ACTIONS = ["publish", "unpublish", "delete", "archive", "unarchive", "save", "auto_save", "create"] as const;

const TopicSchema = v.pipe(
  v.string(),
  v.regex(new RegExp(`^ContentManagement\\.(Entry|Asset)\\.(${ACTIONS.join("|")})$`)),
  v.transform((topic) => {
    const [, kind, action] = topic.split(".") as [string, "Entry" | "Asset", (typeof ACTIONS)[number]];
    return { topic, kind, action };
  }),
);

const WebhookBodySchema = v.object({
  sys: v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    type: v.string(),
    contentType: v.optional(v.object({ sys: v.object({ id: v.string() }) })),
  }),
});

/** The sites a change affects: drafts show on preview only; published changes reach both. */
export function sitesFor(action: (typeof ACTIONS)[number]): ("live" | "preview")[] {
  return action === "save" || action === "auto_save" || action === "create" ? ["preview"] : ["live", "preview"];
}

type ParsedWebhook = { topic: string; id: string; sites: ("live" | "preview")[] };

/** Parses topic and body; null when either is malformed (400). */
export function parseWebhook(topic: string | undefined, body: Buffer): ParsedWebhook | null {
  const parsedTopic = v.safeParse(TopicSchema, topic);
  if (!parsedTopic.success) return null;
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  const parsedBody = v.safeParse(WebhookBodySchema, json);
  if (!parsedBody.success) return null;
  return { topic: parsedTopic.output.topic, id: parsedBody.output.sys.id, sites: sitesFor(parsedTopic.output.action) };
}
