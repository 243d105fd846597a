import { describe, expect, it } from "vitest";
import { buildSrcset, imageUrl, responsiveImage } from "../../src/core/content/images.ts";
import { formatInstant } from "../../src/core/format.ts";
import { cleanPath, documentTitle, seoLinks } from "../../src/core/content/seo.ts";

describe("images", () => {
  it("sets the width parameter on absolute and relative URLs", () => {
    expect(imageUrl("http://img.test/a.jpg?fm=webp", 640)).toBe("http://img.test/a.jpg?fm=webp&w=640");
    expect(imageUrl("/images/a.jpg", 320)).toBe("/images/a.jpg?w=320");
  });

  it("offers the standard widths below the original, plus the original, never upscaled", () => {
    expect(buildSrcset({ url: "/a.jpg", width: 700 })).toBe(
      "/a.jpg?w=320 320w, /a.jpg?w=480 480w, /a.jpg?w=640 640w, /a.jpg?w=700 700w",
    );
    expect(buildSrcset({ url: "/a.jpg", width: 200 })).toBe("/a.jpg?w=200 200w");
  });

  it("keeps the intrinsic size on the img so the layout does not shift", () => {
    const attrs = responsiveImage(
      { url: "/a.jpg", title: "Alt", width: 1600, height: 900 },
      { sizes: "100vw" },
    );
    expect(attrs).toMatchObject({
      width: 1600,
      height: 900,
      alt: "Alt",
      src: "/a.jpg?w=960",
      sizes: "100vw",
    });
  });
});

describe("dates and head", () => {
  it("formats dates per locale in Dutch time", () => {
    expect(formatInstant("2026-03-03T23:30:00Z", "nl")).toBe("4 maart 2026");
    expect(formatInstant("2026-03-03T10:00:00Z", "en")).toBe("March 3, 2026");
  });

  it("builds canonical and hreflang links from the unlocalised path", () => {
    const links = seoLinks("https://site.test", "en", "/nieuws");
    expect(links.canonical).toBe("https://site.test/en/nieuws");
    expect(links.alternates).toEqual([
      { hreflang: "nl-NL", href: "https://site.test/nieuws" },
      { hreflang: "en-US", href: "https://site.test/en/nieuws" },
      { hreflang: "x-default", href: "https://site.test/nieuws" },
    ]);
  });

  it("cleans build-time paths and titles", () => {
    expect(cleanPath("/en.html")).toBe("/en");
    expect(cleanPath("/index.html")).toBe("/");
    expect(cleanPath("/nieuws/index.html")).toBe("/nieuws");
    expect(cleanPath("/nieuws/producten")).toBe("/nieuws/producten");
    expect(documentTitle("Contact", "Site")).toBe("Contact | Site");
    expect(documentTitle(undefined, "Site")).toBe("Site");
  });
});
