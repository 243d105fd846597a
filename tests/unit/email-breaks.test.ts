import { describe, expect, it } from "vitest";
import { emailBreaks } from "../../src/core/portal/email-breaks.ts";

describe("where an e-mail address may wrap", () => {
  it("before the @ and before each dot, never inside a name", () => {
    expect(emailBreaks("anouk.vermeulen@vandamdranken.example")).toEqual([
      "anouk",
      ".vermeulen",
      "@vandamdranken",
      ".example",
    ]);
  });

  it("keeps the address whole when joined again, and a short one in one piece", () => {
    expect(emailBreaks("a@b").join("")).toBe("a@b");
    expect(emailBreaks("info")).toEqual(["info"]);
  });
});
