import type { InboxItem, InboxList } from "../../../../src/core/api/schemas/business.ts";
import { getInboxItem, listInbox, markInboxItemRead } from "../../../db/business/inbox.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../../route.ts";
import { callerOf } from "../people-request.ts";
import { account, clock, langOf, notFound } from "./shared.ts";

/** What the caller holds on the selected account: it decides which notifications they are told about. */
const held = (ctx: RouteContext) => callerOf(ctx).permissions.get(account(ctx)) ?? [];
/** The caller: their personal notices (an invitation to another customer's account) show on any account of theirs. */
const reader = (ctx: RouteContext) => callerOf(ctx).userId;

/** Notifications of the selected account (signed in and consented), each category only for who may see it. */
export const inboxRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.inbox,
    access: "user",
    accountScoped: true,
    handle: (ctx): InboxList => listInbox(ctx.db, account(ctx), held(ctx), langOf(ctx.url), reader(ctx)),
  },
  {
    method: "GET",
    path: pattern(PATHS.inboxItem, "guid"),
    access: "user",
    accountScoped: true,
    handle: (ctx): InboxItem => {
      const item = getInboxItem(ctx.db, account(ctx), reader(ctx), ctx.params["guid"] ?? "", held(ctx), langOf(ctx.url));
      if (!item) throw notFound();
      return item;
    },
  },
  {
    // Opening an item: marks it read and answers it as it now is.
    method: "POST",
    path: pattern(PATHS.inboxItem, "guid"),
    access: "user",
    accountScoped: true,
    handle: (ctx): InboxItem => {
      const accountNumber = account(ctx);
      const guid = ctx.params["guid"] ?? "";
      if (!getInboxItem(ctx.db, accountNumber, reader(ctx), guid, held(ctx), "nl")) throw notFound();
      markInboxItemRead(ctx.db, accountNumber, reader(ctx), guid, clock.now());
      return getInboxItem(ctx.db, accountNumber, reader(ctx), guid, held(ctx), langOf(ctx.url)) as InboxItem;
    },
  },
];
