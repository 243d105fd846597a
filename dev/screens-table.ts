/**
 * The route table of docs/portal-howto.md, written from the screen registry (src/core/portal/screens.ts)
 * so the docs cannot drift from it: `node dev/screens-table.ts` rewrites the table between its
 * markers; tests/unit/portal-screens.test.ts fails when the file holds another table.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { translate } from "../src/core/i18n/index.ts";
import { SCREEN_IDS, SCREENS, screenHref } from "../src/core/portal/screens.ts";

export const HOWTO = path.resolve(import.meta.dirname, "../docs/portal-howto.md");
const START = "<!-- screens:start (written by dev/screens-table.ts) -->";
const END = "<!-- screens:end -->";

/** The table as markdown, one row per screen in registry order. */
export function screensTable(): string {
  const rows = SCREEN_IDS.map((id) => {
    const screen = SCREENS[id];
    const paths = [screenHref(id, "nl"), screenHref(id, "en")].map((href) => `\`${href}\``).join(" ");
    const needs = screen.permissions.length ? screen.permissions.join(" or ") : "signed in";
    const label = `${translate("nl", screen.label)} / ${translate("en", screen.label)}`;
    return `| \`${id}\` | ${paths}${screen.subPaths ? " and below" : ""} | ${needs} | ${screen.needsAccount ? "yes" : "no"} | ${label} | ${screen.strings} | ${screen.inMenu ? "yes" : "no"} |`;
  });
  return [
    "| screen | paths (nl, en) | needs | account | label (nl / en) | strings | menu |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The document with its table section replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/portal-howto.md lacks the markers ${START} … ${END}`);
  return `${doc.slice(0, start)}${START}\n${table}\n${doc.slice(end)}`;
}

if (import.meta.main) {
  const doc = await readFile(HOWTO, "utf8");
  await writeFile(HOWTO, withTable(doc, screensTable()));
  console.log("docs/portal-howto.md: screen table written");
}
