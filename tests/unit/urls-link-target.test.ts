import { describe, expect, it } from "vitest";
import { linkTarget } from "../../src/core/urls/link-target.ts";
import { leadsToSite, stripLikeBrowsers } from "../../src/core/urls/site-url.ts";

const site = "https://portal.example.nl";

describe("the link classifier", () => {
  it.each([
    ["/nieuws", "/nieuws"],
    ["/nieuws?pagina=2#top", "/nieuws?pagina=2#top"],
    ["nieuws", "/nieuws"],
    [`${site}/contact`, "/contact"],
    [`HTTPS://PORTAL.EXAMPLE.NL/contact`, "/contact"],
    ["/nieuws/../contact", "/contact"],
    ["  /contact\n", "/contact"],
  ])("%j is the site path %j", (value, href) => {
    expect(linkTarget(value, site)).toEqual({ href, internal: true });
  });

  it.each([
    // the review's shapes: they look internal, the browser leaves the site
    ["/\t/evil.example", "https://evil.example/"],
    ["/\n/evil.example", "https://evil.example/"],
    ["/\r\n/evil.example/a", "https://evil.example/a"],
    ["//evil.example", "https://evil.example/"],
    ["///evil.example", "https://evil.example/"],
    ["/\\evil.example", "https://evil.example/"],
    ["\\\\evil.example", "https://evil.example/"],
    ["\\/evil.example", "https://evil.example/"],
    ["\u0000//evil.example", "https://evil.example/"],
    ["https://evil.example/x", "https://evil.example/x"],
    ["http://portal.example.nl/", "http://portal.example.nl/"],
    ["https://portal.example.nl:8443/", "https://portal.example.nl:8443/"],
    ["https://portal.example.nl.evil.example/", "https://portal.example.nl.evil.example/"],
    ["https://portal.example.nl@evil.example/", "https://portal.example.nl@evil.example/"],
  ])("%j is an external web link to %j", (value, href) => {
    expect(linkTarget(value, site)).toEqual({ href, internal: false, web: true });
  });

  it.each([
    ["mailto:info@example.nl", "mailto:info@example.nl"],
    ["tel:+31201234567", "tel:+31201234567"],
    [" MAILTO:info@example.nl", "mailto:info@example.nl"],
  ])("%j is an external contact link", (value, href) => {
    expect(linkTarget(value, site)).toEqual({ href, internal: false, web: false });
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "blob:https://portal.example.nl/0b4e",
    "file:///etc/passwd",
    "ftp://example.com/",
    "http://[::1",
    "",
    " \t ",
    // on the site, but written back as a path it would be another host
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
  ])("%j is no link", (value) => {
    expect(linkTarget(value, site)).toBeNull();
  });
});

describe("the shared browser rules", () => {
  it("strips leading and trailing controls and spaces, and tabs and newlines anywhere", () => {
    expect(stripLikeBrowsers("\u0000 \t/a\tb\nc\r \u001f")).toBe("/abc");
    expect(stripLikeBrowsers("/a b")).toBe("/a b");
  });

  it("tells referrers of the site from look-alikes", () => {
    expect(leadsToSite(`${site}/nieuws`, site)).toBe(true);
    expect(leadsToSite("https://portal.example.nl.evil.example/", site)).toBe(false);
    expect(leadsToSite("https://portal.example.nl:8443/", site)).toBe(false);
    expect(leadsToSite("", site)).toBe(false);
  });
});
