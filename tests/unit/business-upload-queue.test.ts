import { describe, expect, it } from "vitest";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../src/core/api/schemas/business.ts";
import { admitFiles, percentSent, roomLeft } from "../../src/core/business/upload-queue.ts";

const pdf = (name: string, size = 2048) => ({ name, size, type: "application/pdf" });

describe("admitFiles", () => {
  it("takes allowed files and names each refused one with why", () => {
    const { accepted, refused } = admitFiles(
      [pdf("a.pdf"), { name: "b.gif", size: 10, type: "image/gif" }, pdf("c.pdf", MAX_ATTACHMENT_BYTES + 1), pdf("d.pdf", 0)],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(["a.pdf"]);
    expect(refused).toEqual([
      { name: "b.gif", code: "file_type" },
      { name: "c.pdf", code: "file_too_large" },
      { name: "d.pdf", code: "file_missing" },
    ]);
  });

  it("takes no more than the set has room for", () => {
    const { accepted, refused } = admitFiles([pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")], MAX_ATTACHMENTS - 2);
    expect(accepted.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(refused).toEqual([{ name: "c.pdf", code: "too_many" }]);
  });

  it("says a file is missing when nothing was picked", () => {
    expect(admitFiles([], 0).refused).toEqual([{ name: "", code: "file_missing" }]);
  });
});

describe("percentSent and roomLeft", () => {
  it("counts whole percents and never past 100", () => {
    expect(percentSent(0, 0)).toBe(0);
    expect(percentSent(512, 1024)).toBe(50);
    expect(percentSent(1023, 1024)).toBe(99);
    expect(percentSent(2048, 1024)).toBe(100);
  });

  it("leaves room for what is neither stored nor on its way", () => {
    const stored = [{ id: "1", fileName: "a.pdf", contentType: "application/pdf" as const, sizeBytes: 1, uploadedAt: "2026-11-15T00:00:00Z" }];
    expect(roomLeft(stored, [{ key: "k", file: pdf("b.pdf"), sent: 0, state: "sending" }], 3)).toBe(1);
    expect(roomLeft(stored, [], 1)).toBe(0);
  });
});
