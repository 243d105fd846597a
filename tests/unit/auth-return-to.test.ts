import { describe, expect, it } from "vitest";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../src/core/auth/return-to.ts";

const site = "https://portal.example.nl";
const fallback = "/en/mijn-account/dashboard";
const check = (raw: string | null | undefined): string => sanitizeReturnTo(raw, fallback, site);

/** What a browser opens for a navigation target written on a page of the site. */
const landsOn = (target: string): URL => new URL(target.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, ""), site);

describe("returnTo: the one return path", () => {
  it.each([
    ["/mijn-account/facturen?jaar=2024", "/mijn-account/facturen?jaar=2024"],
    ["/en/mijn-account/facturen#top", "/en/mijn-account/facturen#top"],
    ["/", "/"],
    ["/nieuws/../mijn-account", "/mijn-account"],
    ["/nieuws/%2e%2e/mijn-account", "/mijn-account"],
    ["mijn-account", "/mijn-account"],
    [`${site}/mijn-account/facturen?x=1`, "/mijn-account/facturen?x=1"],
    [" /mijn-account", "/mijn-account"],
    ["/mijn-\taccount", "/mijn-account"],
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/%5cevil.example", "/%5cevil.example"],
    // an encoded slash is no slash: the browser keeps it in the path
    ["/.%2f/evil.example", "/.%2f/evil.example"],
    // a scheme-relative reference with the site's own scheme stays on the site
    ["https:evil.example", "/evil.example"],
  ])("keeps the site path %j as %j", (raw, kept) => {
    expect(check(raw)).toBe(kept);
  });

  it.each([
    // the shapes the outside review used
    "/.//evil.example/e",
    "/%2e//evil.example/e",
    "/%2E//evil.example/e",
    "/a/..//evil.example/e",
    "/a/%2e%2e//evil.example/e",
    "/././/evil.example",
    "/..//evil.example",
    // protocol-relative and backslash forms
    "//evil.example/x",
    "///evil.example",
    "\\\\evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/.\\/evil.example",
    // what browsers strip
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    "\u0000//evil.example",
    " \u001f//evil.example",
    "/\t\\evil.example",
    // other origins and schemes
    "https://evil.example/",
    "http://portal.example.nl/",
    "https://portal.example.nl:444/",
    "https://portal.example.nl.evil.example/",
    "https://portal.example.nl@evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    " JAVASCRIPT:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "blob:https://portal.example.nl/0b4e",
    "vbscript:msgbox(1)",
    "",
    "   ",
    null,
    undefined,
  ])("falls back for %j", (raw) => {
    expect(check(raw)).toBe(fallback);
  });

  it("returns only paths that lead back to the site when the browser follows them", () => {
    const attempts = ["/.//a", "/%2e//a", "/a/..//b", "/\t/a", "//a", "/\\a", "/x/../../..//a", "/./%2e/..//a"];
    for (const attempt of attempts) {
      const target = check(attempt);
      expect(landsOn(target).origin, attempt).toBe(site);
    }
  });

  it("uses the dashboard when no fallback is given", () => {
    expect(sanitizeReturnTo("//evil.example", undefined, site)).toBe(DASHBOARD_PATH);
  });
});

describe("returnTo: screens, never actions", () => {
  const actions = ["/uitloggen", "/inloggen", "/callback", "/silent-renew"];
  const spellings = (route: string): string[] => [
    route,
    `/en${route}`,
    `${route}/`,
    `${route}.html`,
    `${route}?code=abc&state=xyz`,
    `${route}#x`,
    route.toUpperCase(),
    `/en${route.toUpperCase()}`,
    `/%${route.charCodeAt(1).toString(16)}${route.slice(2)}`,
    `/%${route.charCodeAt(1).toString(16).toUpperCase()}${route.slice(2)}`,
    `//${route.slice(1)}/`.replace(/^\/\//, "/./"),
    `/nieuws/..${route}`,
    `/nieuws/%2e%2e${route}`,
    `${site}${route}`,
    `/en/.${route}`,
    `${route}/extra`,
    `/en//${route.slice(1)}`,
  ];
  it.each(actions.flatMap(spellings))("refuses %j, falling back to the dashboard", (raw) => {
    expect(check(raw)).toBe(fallback);
    expect(sanitizeReturnTo(raw, undefined, site)).toBe(DASHBOARD_PATH);
  });

  it("keeps screens whose names merely start like an action", () => {
    for (const path of ["/inloggen-hulp", "/en/callbacks", "/uitloggen-uitleg", "/mijn-account/uitloggen-info"]) {
      expect(check(path)).toBe(path);
    }
  });
});
