/**
 * `npm run service -- answer <request id or number> [--status received|in_progress|resolved] [--text "…"] [--author "…"] [--locale nl-NL|en-US]`:
 * the supplier's service desk answers a service request and/or moves its status, against a running
 * stand-in (by default the `npm start` one), through its /admin/service endpoint. The customer gets a
 * notification in the portal and a mail (the stand-in's outbox).
 *
 * Options: --backend <url> (default the local stack's), --secret <s> (default KP_ADMIN_SECRET or the
 * data folder's admin-secret), --test (the test stack: its ports and the fixed test secret).
 */
import { parseArgs } from "node:util";
import { SERVICE_STATUSES } from "../src/core/api/schemas/business/service.ts";
import { backendUrl, localStackConfig, testStackConfig } from "../dev/lib/stack-config.ts";
import { adminSecret } from "./content-admin.ts";
import { SERVICE_ADMIN_PREFIX } from "./service-admin.ts";

const USAGE = `usage: npm run service -- answer <request id or number, e.g. SR-240002> [--status ${SERVICE_STATUSES.join("|")}] [--text T] [--author A] [--locale nl-NL|en-US]
  at least one of --status and --text; the text's language is Dutch unless --locale says otherwise
options: --backend <url>  --secret <secret>  --test`;

const OPTIONS = {
  status: { type: "string" },
  text: { type: "string" },
  author: { type: "string" },
  locale: { type: "string" },
  backend: { type: "string" },
  secret: { type: "string" },
  test: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** Runs one command line; resolves to the process exit code. */
export async function runServiceCli(args: string[], log: (line: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, request] = positionals;
  const status = values.status;
  if (values.help || action !== "answer" || !request || positionals.length !== 2 || (status === undefined && values.text === undefined)) {
    log(USAGE);
    return 2;
  }
  if (status !== undefined && !(SERVICE_STATUSES as readonly string[]).includes(status)) {
    log(`unknown status ${status}\n${USAGE}`);
    return 2;
  }
  const config = values.test ? testStackConfig() : localStackConfig();
  const backend = values.backend ?? backendUrl(config);
  const body = Object.fromEntries(Object.entries({ status, text: values.text, author: values.author, locale: values.locale }).filter(([, value]) => value !== undefined));
  const response = await fetch(`${backend}${SERVICE_ADMIN_PREFIX}${encodeURIComponent(request)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${values.secret ?? adminSecret(config)}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    log(`cannot reach the stand-in at ${backend} (is \`npm start\` running?): ${String(error)}`);
    return undefined;
  });
  if (!response) return 1;
  const text = await response.text();
  if (!response.ok) {
    log(`failed: HTTP ${response.status} ${text}`);
    return 1;
  }
  const { request: answered } = JSON.parse(text) as { request: { number: string; status: string } };
  log(`${answered.number}: ${answered.status}; the customer is notified`);
  return 0;
}

if (import.meta.main) process.exitCode = await runServiceCli(process.argv.slice(2));
