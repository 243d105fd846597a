/**
 * Scheduled publishes and unpublishes of the stand-in CMS, as Contentful's scheduled actions: the
 * content team schedules one for a whole minute; from that minute on the content API answers as if
 * it had been done (the action is applied before any content is read), and the publishing server,
 * told by a signed `ContentManagement.ScheduledAction.create` webhook, rebuilds at that time.
 */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { LocaleSchema, type Locale } from "../src/core/api/schemas/common.ts";
import type { ScheduledAction } from "../src/core/api/schemas/content.ts";
import { publishEntry, unpublishEntry, parseBody, type ContentType } from "./content-actions.ts";
import { HttpError, validationError } from "./http.ts";

export const ScheduleSchema = v.object({
  action: v.picklist(["publish", "unpublish"], "invalid"),
  /** A whole minute (as the CMS's scheduler offers), in the future. */
  at: v.pipe(v.string(), v.isoTimestamp("invalid")),
  locale: v.optional(LocaleSchema),
}, "required");

export type ScheduledEntryAction = ScheduledAction & { id: string; type: ContentType; slug: string };

type Row = { seq: number; type: string; slug: string; locale: string | null; action: string; at: string };
const toAction = (row: Row): ScheduledEntryAction => ({
  id: `schedule-${row.seq}`,
  type: row.type === "page" ? "page" : "article",
  slug: row.slug,
  locale: (row.locale as Locale | null) ?? null,
  action: row.action === "unpublish" ? "unpublish" : "publish",
  at: row.at,
});

/** Schedules an action for an existing entry; 400 for a time not on a whole minute or not in the future. */
export function scheduleAction(db: DatabaseSync, type: ContentType, slug: string, raw: unknown, now: Date): ScheduledEntryAction {
  const input = parseBody(ScheduleSchema, raw);
  const at = new Date(input.at);
  if (at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) throw validationError([{ field: "at", code: "whole_minute" }]);
  if (at.getTime() <= now.getTime()) throw validationError([{ field: "at", code: "in_the_past" }]);
  const table = type === "page" ? "content_pages" : "content_articles";
  if (!db.prepare(`SELECT 1 FROM ${table} WHERE slug = ?`).get(slug)) throw new HttpError(404, { statusCode: 404 });
  const result = db
    .prepare("INSERT INTO content_schedule (type, slug, locale, action, at) VALUES (?, ?, ?, ?, ?)")
    .run(type, slug, input.locale ?? null, input.action, at.toISOString());
  return toAction({ seq: Number(result.lastInsertRowid), type, slug, locale: input.locale ?? null, action: input.action, at: at.toISOString() });
}

/** Applies every action due at `now`, oldest first (an unpublish of something not live is skipped). */
export function applyDueActions(db: DatabaseSync, now: Date): void {
  const due = db.prepare("SELECT * FROM content_schedule WHERE done = 0 AND at <= ? ORDER BY at, seq").all(now.toISOString()) as Row[];
  for (const row of due) {
    const action = toAction(row);
    try {
      (action.action === "publish" ? publishEntry : unpublishEntry)(db, action.type, action.slug, action.locale ?? undefined, new Date(action.at));
    } catch (error) {
      // Deleted meanwhile, or nothing live to take down: the action has nothing left to do.
      if (!(error instanceof HttpError)) throw error;
    }
    db.prepare("UPDATE content_schedule SET done = 1 WHERE seq = ?").run(row.seq);
  }
}

/** What is still scheduled for one entry, soonest first (preview answers carry it). */
export function pendingActions(db: DatabaseSync, type: ContentType, slug: string, locale: Locale): ScheduledAction[] {
  return (db
    .prepare("SELECT * FROM content_schedule WHERE done = 0 AND type = ? AND slug = ? AND (locale IS NULL OR locale = ?) ORDER BY at, seq")
    .all(type, slug, locale) as Row[])
    .map(toAction)
    .map(({ action, at, locale: only }) => ({ action, at, locale: only }));
}
