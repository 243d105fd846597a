/**
 * `npm run content -- <action> <article|page> <slug> [options]`: the content team's actions against
 * a running stand-in (by default the `npm start` one), through its /admin/content endpoints so the
 * backend's change listener (the CMS webhook) sees them.
 *
 *   publish   article|page <slug> [--locale nl-NL|en-US]
 *   unpublish article|page <slug> [--locale …]
 *   edit      article|page <slug> --locale … [--title …] [--excerpt …] [--intro …] [--body-text …]
 *   create    article <slug> --category <slug> --title … --excerpt … --body-text … [--image key] [--publish]
 *   create    page <slug> [--parent <slug>] --title … [--intro …] [--body-text …] [--publish]
 *   delete    article|page <slug>
 *   move      article|page <slug> --to <new-slug>   (the old address then answers 301)
 *   schedule  article|page <slug> --publish-at <time> | --unpublish-at <time> [--locale …]
 *             (a whole minute, e.g. 2026-11-29T23:00:00+01:00; the live site follows at that time)
 *   receipts  the publishing server's signed receipts of each change (live at, seconds, or the failure)
 *
 * Options: --backend <url> (default the local stack's), --secret <s> (default KP_ADMIN_SECRET or the
 * data folder's admin-secret), --test (the test stack: its ports and the fixed test secret).
 */
import { parseArgs } from "node:util";
import { CONTENT_KINDS, CONTENT_TYPES, isContentKind } from "../src/core/content/content-types.ts";
import { backendUrl, localStackConfig, testStackConfig } from "../dev/lib/stack-config.ts";
import { ADMIN_PREFIX, adminSecret } from "./content-admin.ts";

const KINDS = CONTENT_KINDS.join("|");
const USAGE = `usage: npm run content -- <publish|unpublish|edit|create|delete|move|schedule> <${KINDS}> <slug> [options]
  publish   ${KINDS} <slug> [--locale nl-NL|en-US]
  unpublish ${KINDS} <slug> [--locale nl-NL|en-US]
  edit      ${KINDS} <slug> --locale nl-NL|en-US [--title T] [--excerpt E] [--intro I] [--body-text T]
  create    article <slug> --category <slug> --title T --excerpt E --body-text T [--image key] [--publish]
  create    page <slug> [--parent <slug>] --title T [--intro I] [--body-text T] [--publish]
  delete    ${KINDS} <slug>
  move      ${KINDS} <slug> --to <new-slug>
  schedule  ${KINDS} <slug> --publish-at <time> | --unpublish-at <time> [--locale nl-NL|en-US]
  receipts
options: --backend <url>  --secret <secret>  --test`;

const OPTIONS = {
  locale: { type: "string" },
  title: { type: "string" },
  excerpt: { type: "string" },
  intro: { type: "string" },
  "body-text": { type: "string" },
  category: { type: "string" },
  parent: { type: "string" },
  to: { type: "string" },
  "publish-at": { type: "string" },
  "unpublish-at": { type: "string" },
  image: { type: "string" },
  publish: { type: "boolean" },
  backend: { type: "string" },
  secret: { type: "string" },
  test: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** The admin request a command line stands for; throws with the usage text when it is incomplete. */
function requestFor(args: string[]): { path: string; body: Record<string, unknown>; backend: string; secret: string } {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  const [action, type, slug] = positionals;
  const config = values.test ? testStackConfig() : localStackConfig();
  const backend = values.backend ?? backendUrl(config);
  const secret = values.secret ?? adminSecret(config);
  const collection = isContentKind(type) ? CONTENT_TYPES[type].collection : undefined;
  if (values.help || !collection || !slug || positionals.length !== 3) throw new Error(USAGE);
  const text = Object.fromEntries(
    [
      ["locale", values.locale],
      ["title", values.title],
      ["excerpt", values.excerpt],
      ["intro", values.intro],
      ["bodyText", values["body-text"]],
    ].filter(([, value]) => value !== undefined),
  );
  switch (action) {
    case "publish":
    case "unpublish":
      return { path: `${collection}/${encodeURIComponent(slug)}/${action}`, body: values.locale ? { locale: values.locale } : {}, backend, secret };
    case "schedule": {
      const at = values["publish-at"] ?? values["unpublish-at"];
      if (!at || (values["publish-at"] && values["unpublish-at"])) throw new Error(USAGE);
      const action = values["publish-at"] ? "publish" : "unpublish";
      // Any ISO time with an offset; the CMS keeps it in UTC.
      const when = new Date(at);
      const body = { action, at: Number.isNaN(when.getTime()) ? at : when.toISOString(), ...(values.locale ? { locale: values.locale } : {}) };
      return { path: `${collection}/${encodeURIComponent(slug)}/schedule`, body, backend, secret };
    }
    case "move":
      if (!values.to) throw new Error(USAGE);
      return { path: `${collection}/${encodeURIComponent(slug)}/move`, body: { slug: values.to }, backend, secret };
    case "delete":
      return { path: `${collection}/${encodeURIComponent(slug)}/delete`, body: {}, backend, secret };
    case "edit":
      return { path: `${collection}/${encodeURIComponent(slug)}/edit`, body: text, backend, secret };
    case "create":
      if (collection === "pages") {
        return {
          path: "pages",
          body: { slug, ...(values.parent ? { parentSlug: values.parent } : {}), ...text, publish: values.publish ?? false },
          backend,
          secret,
        };
      }
      if (collection !== "articles") throw new Error(`only articles and pages can be created\n${USAGE}`);
      return {
        path: "articles",
        body: {
          slug,
          categorySlug: values.category,
          ...text,
          ...(values.image ? { image: values.image } : {}),
          publish: values.publish ?? false,
        },
        backend,
        secret,
      };
    default:
      throw new Error(USAGE);
  }
}

type ListedReceipt = { site: string; result: string; changes: { topic: string; id: string }[]; path: string | null; pagesRendered: number | null; liveAt: string | null; seconds: number | null; failure: string | null; receivedAt: string };

/** One line per receipt, newest first: when, which site, what, and live or failed. */
export function receiptLine(receipt: ListedReceipt): string {
  const what = [...new Set(receipt.changes.map((change) => `${change.id} (${change.topic.split(".").pop() ?? change.topic})`))].join(", ");
  const how = receipt.path ? ` ${receipt.path}${receipt.pagesRendered !== null ? `, ${receipt.pagesRendered} pages` : ""}` : "";
  const outcome = receipt.result === "live" ? `live at ${receipt.liveAt} (${receipt.seconds} s)` : `FAILED: ${(receipt.failure ?? "").split("\n")[0]}`;
  return `${receipt.receivedAt} ${receipt.site.padEnd(7)} ${what}:${how} ${outcome}`;
}

/** `receipts`: the publish receipts the stand-in CMS received. */
async function listReceipts(args: string[], log: (line: string) => void): Promise<number> {
  const { values } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  const config = values.test ? testStackConfig() : localStackConfig();
  const backend = values.backend ?? backendUrl(config);
  const response = await fetch(`${backend}${ADMIN_PREFIX}receipts`, { headers: { authorization: `Bearer ${values.secret ?? adminSecret(config)}` } }).catch(
    (error: unknown) => {
      log(`cannot reach the stand-in at ${backend} (is \`npm start\` running?): ${String(error)}`);
      return undefined;
    },
  );
  if (!response) return 1;
  if (!response.ok) {
    log(`failed: HTTP ${response.status} ${await response.text()}`);
    return 1;
  }
  const { receipts } = (await response.json()) as { receipts: ListedReceipt[] };
  if (receipts.length === 0) log("no publish receipts yet");
  for (const receipt of receipts) log(receiptLine(receipt));
  return 0;
}

/** Runs one command line; resolves to the process exit code. */
export async function runContentCli(args: string[], log: (line: string) => void = console.log): Promise<number> {
  if (args[0] === "receipts") return listReceipts(args.slice(1), log);
  let request;
  try {
    request = requestFor(args);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const response = await fetch(`${request.backend}${ADMIN_PREFIX}${request.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${request.secret}`, "content-type": "application/json" },
    body: JSON.stringify(request.body),
  }).catch((error: unknown) => {
    log(`cannot reach the stand-in at ${request.backend} (is \`npm start\` running?): ${String(error)}`);
    return undefined;
  });
  if (!response) return 1;
  const text = await response.text();
  if (!response.ok) {
    log(`failed: HTTP ${response.status} ${text}`);
    return 1;
  }
  const { events } = JSON.parse(text) as { events: { action: string; type: string; slug: string; locale: string; scheduled?: { action: string; at: string } }[] };
  for (const event of events) {
    const when = event.scheduled ? ` ${event.scheduled.action} at ${event.scheduled.at}` : "";
    log(`${event.action} ${event.type} ${event.slug} (${event.locale})${when}`);
  }
  return 0;
}

if (import.meta.main) process.exitCode = await runContentCli(process.argv.slice(2));
