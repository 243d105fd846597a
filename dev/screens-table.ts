/**
 * The screen registry (src/core/portal/screens.ts) as a Markdown table, for a reader who wants it
 * at a glance: `node dev/screens-table.ts` prints it. The docs keep no copy of it (a copy took an
 * edit per new screen and a test to keep it in step); the registry itself is the list.
 */
import { translate } from "../src/core/i18n/index.ts";
import { SCREEN_IDS, SCREENS, screenHref } from "../src/core/portal/screens.ts";

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

if (import.meta.main) console.log(screensTable());
