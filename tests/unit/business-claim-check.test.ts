import { describe, expect, it } from "vitest";
import type { BonusClaim } from "../../src/core/api/schemas/business.ts";
import { compareClaim, FAR_HL, FAR_SHARE, recordedReference, validateClaimReason } from "../../src/core/business/claim-check.ts";

type Recorded = Pick<BonusClaim, "period" | "status" | "volumeHl">;
const claims: Recorded[] = [
  { period: "2025-Q2", status: "paid_out", volumeHl: 52.3 },
  { period: "2025-Q4", status: "approved", volumeHl: 61 },
  { period: "2026-Q1", status: "calculated", volumeHl: 46.9 },
  { period: "2026-Q2", status: "submitted", volumeHl: 718.2 },
];

describe("the check of a claim against the recorded volume", () => {
  it("compares with the same quarter a year earlier, else the latest recorded quarter, never a claim under review", () => {
    expect(recordedReference(claims, "2026-Q2")).toEqual({ period: "2025-Q2", volumeHl: 52.3, basis: "same_quarter_last_year" });
    expect(recordedReference(claims, "2026-Q3")).toEqual({ period: "2026-Q1", volumeHl: 46.9, basis: "latest_quarter" });
    expect(recordedReference([{ period: "2026-Q2", status: "submitted", volumeHl: 40 }], "2026-Q3")).toBeNull();
    expect(recordedReference([], "2026-Q3")).toBeNull();
  });

  it("calls a claim far when it is both more than half and more than 10 hl away from the record", () => {
    expect([FAR_SHARE, FAR_HL]).toEqual([0.5, 10]);
    const reference = { period: "2026-Q1", volumeHl: 46.9, basis: "latest_quarter" } as const;
    expect(compareClaim(718.2, reference)).toMatchObject({ differenceHl: 671.3, far: true });
    expect(compareClaim(60, reference).far).toBe(false); // +28 %: a busy quarter
    expect(compareClaim(20, reference).far).toBe(true); // −57 % and −26,9 hl
    // Small volumes: 3 hl against 1 hl is +200 % but only 2 hl, not worth a question.
    expect(compareClaim(3, { ...reference, volumeHl: 1 }).far).toBe(false);
    // Nothing recorded yet: nothing to compare with, nothing to ask.
    expect(compareClaim(718.2, null)).toMatchObject({ differenceHl: null, far: false });
  });

  it("asks for a reason only for a far claim, and keeps it readable", () => {
    expect(validateClaimReason({ far: true }, undefined)).toEqual([{ field: "reason", code: "required" }]);
    expect(validateClaimReason({ far: true }, "   ")).toEqual([{ field: "reason", code: "required" }]);
    expect(validateClaimReason({ far: true }, "Zomerfestival op het plein, extra fusten")).toEqual([]);
    expect(validateClaimReason({ far: false }, undefined)).toEqual([]);
    expect(validateClaimReason({ far: false }, "x".repeat(501))).toEqual([{ field: "reason", code: "too_long" }]);
  });
});
