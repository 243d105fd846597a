import { describe, expect, it } from "vitest";
import { auditChromeFlags, SPARE_RENDERER } from "../../dev/lib/audit-chrome-flags.ts";

const featureLists = (flags: string[]): string[] => flags.filter((flag) => flag.startsWith("--disable-features="));

describe("the audit's Chromium command line", () => {
  it("turns the spare renderer off in the one feature list Chromium reads, beside chrome-launcher's own", () => {
    const lists = featureLists(auditChromeFlags());
    expect(lists).toHaveLength(1);
    const features = lists[0]?.slice("--disable-features=".length).split(",") ?? [];
    expect(features).toContain(SPARE_RENDERER);
    // chrome-launcher's defaults stay off too (its list today includes Translate and the media router).
    expect(features).toEqual(expect.arrayContaining(["Translate", "MediaRouter"]));
  });

  it("keeps every other default flag and runs headless", () => {
    const defaults = ["--disable-features=Translate", "--disable-extensions", "--mute-audio"];
    expect(auditChromeFlags(defaults)).toEqual([
      `--disable-features=Translate,${SPARE_RENDERER}`,
      "--disable-extensions",
      "--mute-audio",
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
    ]);
  });

  it("adds the feature list when the defaults carry none", () => {
    expect(featureLists(auditChromeFlags(["--mute-audio"]))).toEqual([`--disable-features=${SPARE_RENDERER}`]);
  });
});
