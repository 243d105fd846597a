import { describe, expect, it } from "vitest";
import { BUILD_LOG_LEVEL, buildLogLevel, childLogLevel } from "../../publishing/warm-renderer/protocol.ts";

describe("the warm renderer's log level", () => {
  it("logs every page only when the build's output is asked for", () => {
    expect(buildLogLevel(true)).toBe("info");
    expect(buildLogLevel(false)).toBe("warn");
  });

  it("reads in the child what the parent set, and logs everything when started by hand", () => {
    expect(childLogLevel({ [BUILD_LOG_LEVEL]: buildLogLevel(false) })).toBe("warn");
    expect(childLogLevel({ [BUILD_LOG_LEVEL]: buildLogLevel(true) })).toBe("info");
    expect(childLogLevel({})).toBe("info");
  });
});
