import { describe, expect, it } from "vitest";
import {
  allowedStep,
  claimInput,
  emptyWizard,
  parseQuantity,
  resumeStep,
  stepErrors,
  type WizardContext,
  type WizardState,
} from "../../src/core/business/bonus-wizard.ts";
import { clearDraft, draftKey, loadDraft, saveDraft, type DraftStorage } from "../../src/core/business/wizard-storage.ts";

const ctx: WizardContext = {
  today: "2026-11-22",
  takenPeriods: new Set(["2026-Q1"]),
  wholesalerIds: new Set(["w1", "w2"]),
  productIds: ["p1", "p2"],
};

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const filled = (): WizardState => ({
  ...emptyWizard(),
  period: "2026-Q3",
  wholesalerIds: ["w1", "w2"],
  quantities: { w1: { p1: "12", p2: "" }, w2: { p2: "3" } },
});

describe("bonus wizard steps", () => {
  it("reads typed quantities: empty is 0, anything but digits is refused", () => {
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("")).toBe(0);
    expect(parseQuantity("1,5")).toBeNaN();
    expect(parseQuantity("-3")).toBeNaN();
  });

  it("builds the claim from what was typed", () => {
    expect(claimInput(filled(), ctx.productIds)).toEqual({
      period: "2026-Q3",
      wholesalers: [
        { wholesalerId: "w1", lines: [{ productId: "p1", quantity: 12 }] },
        { wholesalerId: "w2", lines: [{ productId: "p2", quantity: 3 }] },
      ],
    });
  });

  it("names the refused fields of each step", () => {
    expect(stepErrors("periode", emptyWizard(), ctx)).toEqual([{ field: "period", code: "invalid_period" }]);
    expect(stepErrors("periode", { ...emptyWizard(), period: "2026-Q1" }, ctx)).toEqual([{ field: "period", code: "already_claimed" }]);
    expect(stepErrors("groothandels", emptyWizard(), ctx)).toEqual([{ field: "wholesalers", code: "required" }]);
    const typo = { ...filled(), quantities: { w1: { p1: "1x" }, w2: {} } };
    expect(stepErrors("volumes", typo, ctx)).toEqual([
      { field: "wholesalers.0.lines.0.quantity", code: "integer" },
      { field: "wholesalers.1.lines", code: "required" },
    ]);
    expect(stepErrors("volumes", filled(), ctx)).toEqual([]);
  });

  it("needs a saved draft matching the volumes and a statement per wholesaler", () => {
    const state = filled();
    expect(stepErrors("bijlagen", state, ctx)).toEqual([{ field: "claim", code: "not_saved" }]);
    const saved = { ...state, claimId: "c1", savedInput: JSON.stringify(claimInput(state, ctx.productIds)) };
    expect(stepErrors("bijlagen", saved, ctx)).toEqual([
      { field: "wholesalers.0.attachments", code: "required" },
      { field: "wholesalers.1.attachments", code: "required" },
    ]);
    expect(stepErrors("bijlagen", { ...saved, attachmentCounts: { w1: 1, w2: 2 } }, ctx)).toEqual([]);
    // Changing a volume after saving means the draft must be saved again.
    const changed = { ...saved, attachmentCounts: { w1: 1, w2: 2 }, quantities: { ...saved.quantities, w1: { p1: "13" } } };
    expect(stepErrors("bijlagen", changed, ctx)).toEqual([{ field: "claim", code: "not_saved" }]);
  });

  it("sends a skipped step back to the first invalid one", () => {
    expect(allowedStep("volumes", emptyWizard(), ctx)).toBe("periode");
    expect(allowedStep("volumes", { ...emptyWizard(), period: "2026-Q3" }, ctx)).toBe("groothandels");
    // Valid volumes that were never saved as a draft: the statements cannot be uploaded yet.
    expect(allowedStep("controleren", filled(), ctx)).toBe("volumes");
    expect(allowedStep("bijlagen", filled(), ctx)).toBe("volumes");
    const saved = { ...filled(), claimId: "c1", savedInput: JSON.stringify(claimInput(filled(), ctx.productIds)) };
    expect(allowedStep("bijlagen", saved, ctx)).toBe("bijlagen");
    expect(allowedStep("controleren", saved, ctx)).toBe("bijlagen");
    expect(allowedStep("volumes", filled(), ctx)).toBe("volumes");
    expect(allowedStep("periode", filled(), ctx)).toBe("periode");
    const ready = { ...filled(), claimId: "c1", savedInput: JSON.stringify(claimInput(filled(), ctx.productIds)), attachmentCounts: { w1: 1, w2: 1 } };
    expect(allowedStep("controleren", ready, ctx)).toBe("controleren");
    expect(allowedStep("bevestiging", ready, ctx)).toBe("controleren");
    expect(allowedStep("periode", { ...ready, submittedId: "c1" }, ctx)).toBe("bevestiging");
    expect(resumeStep({ ...emptyWizard(), period: "2026-Q3" }, ctx)).toBe("groothandels");
  });
});

describe("bonus wizard draft storage", () => {
  it("keeps the draft per account under the private-cache prefix that logout clears", () => {
    const storage = memoryStorage();
    saveDraft(storage, "100001", filled());
    expect([...storage.data.keys()]).toEqual(["kp.private.bonus-wizard.100001"]);
    expect(draftKey("100001").startsWith("kp.private.")).toBe(true);
    expect(loadDraft(storage, "100001")).toEqual(filled());
    expect(loadDraft(storage, "100002")).toEqual(emptyWizard());
    clearDraft(storage, "100001");
    expect(storage.data.size).toBe(0);
  });

  it("starts empty from a draft it cannot read", () => {
    const storage = memoryStorage();
    storage.setItem(draftKey("100001"), "{not json");
    expect(loadDraft(storage, "100001")).toEqual(emptyWizard());
    storage.setItem(draftKey("100001"), JSON.stringify({ period: 7 }));
    expect(loadDraft(storage, "100001")).toEqual(emptyWizard());
  });

  it("keeps working when storage refuses", () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => saveDraft(broken, "100001", filled())).not.toThrow();
    expect(loadDraft(broken, "100001")).toEqual(emptyWizard());
    expect(() => clearDraft(broken, "100001")).not.toThrow();
  });
});
