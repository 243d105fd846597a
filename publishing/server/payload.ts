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

/** A scheduled publish or unpublish (Contentful's `ScheduledAction`): kept by the scheduler (schedule.ts). */
export type ScheduleNotice = { id: string; entryId: string; action: "publish" | "unpublish"; at: string; cancelled: boolean };

type ParsedWebhook = { topic: string; id: string; sites: ("live" | "preview")[]; schedule?: ScheduleNotice };

const ScheduledTopicSchema = v.pipe(v.string(), v.regex(/^ContentManagement\.ScheduledAction\.(create|update|delete)$/));
const ScheduledBodySchema = v.object({
  sys: v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), type: v.literal("ScheduledAction") }),
  entity: v.object({ sys: v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }) }),
  action: v.picklist(["publish", "unpublish"]),
  // A whole minute, as the CMS's scheduler offers: all that fall in one minute make one build.
  scheduledFor: v.object({ datetime: v.pipe(v.string(), v.isoTimestamp(), v.check((value) => Date.parse(value) % 60_000 === 0)) }),
});

/** Parses topic and body; null when either is malformed (400). */
export function parseWebhook(topic: string | undefined, body: Buffer): ParsedWebhook | null {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  if (v.is(ScheduledTopicSchema, topic)) {
    const scheduled = v.safeParse(ScheduledBodySchema, json);
    if (!scheduled.success) return null;
    const { sys, entity, action, scheduledFor } = scheduled.output;
    const schedule = { id: sys.id, entryId: entity.sys.id, action, at: new Date(scheduledFor.datetime).toISOString(), cancelled: topic.endsWith(".delete") };
    // The preview shows what is scheduled: it renders the entry again now; the live site at the time.
    return { topic, id: entity.sys.id, sites: ["preview"], schedule };
  }
  const parsedTopic = v.safeParse(TopicSchema, topic);
  if (!parsedTopic.success) return null;
  const parsedBody = v.safeParse(WebhookBodySchema, json);
  if (!parsedBody.success) return null;
  return { topic: parsedTopic.output.topic, id: parsedBody.output.sys.id, sites: sitesFor(parsedTopic.output.action) };
}
