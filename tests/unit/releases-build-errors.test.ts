import { describe, expect, it } from "vitest";
import { buildFailureMessage, failureHeadline } from "../../publishing/build/build-site.ts";

describe("build failure reports", () => {
  it("lead with the content entry and field that failed validation", () => {
    const output = [
      "03:05:19 [build] Collecting build info...",
      '03:05:20 [ERROR] [content] ContentError: Invalid content in article "nieuw-artikel" (nl-NL): field "title": Invalid type: Expected string but received null',
      "    at validate (src/content-build/content-api.ts:74:11)",
    ].join("\n");
    expect(failureHeadline(output)).toBe(
      'Invalid content in article "nieuw-artikel" (nl-NL): field "title": Invalid type: Expected string but received null',
    );
    expect(buildFailureMessage(1, failureHeadline(output), output)).toMatch(
      /^astro build failed \(1\): Invalid content in article "nieuw-artikel" \(nl-NL\): field "title"/,
    );
  });

  it("name an unreachable content API", () => {
    const output = "[ERROR] Could not fetch the init configuration (nl-NL) from http://localhost:1/init: TypeError: fetch failed";
    expect(failureHeadline(output)).toBe(
      "Could not fetch the init configuration (nl-NL) from http://localhost:1/init: TypeError: fetch failed",
    );
  });

  it("fall back to Astro's error line, and to the bare exit without one", () => {
    expect(failureHeadline("ok\n\u001b[31m[ERROR]\u001b[39m [vite] Build failed\nmore")).toBe("[ERROR] [vite] Build failed");
    expect(failureHeadline("nothing useful")).toBeNull();
    expect(buildFailureMessage("SIGKILL", null, "partial output")).toBe("astro build failed (SIGKILL)\npartial output");
  });
});
