import { describe, expect, it } from "vitest";
import { thtFieldPlace } from "../../src/core/business/tht-form.ts";
import { translate } from "../../src/core/i18n/index.ts";

/** The THT form's error summary names the field of each refusal, not only its line. */
describe("where a refused THT field sits", () => {
  it("gives the line and the field's label", () => {
    expect(thtFieldPlace("lines.1.bestBeforeDate")).toEqual({ line: 2, label: "biz.tht.bestBefore" });
    expect(thtFieldPlace("lines.0.productId")).toEqual({ line: 1, label: "biz.tht.product" });
    expect(translate("nl", thtFieldPlace("lines.0.quantity").label ?? "biz.tht.line")).toBe("Aantal");
    expect(thtFieldPlace("attachments")).toEqual({ label: "biz.tht.attachments" });
    expect(thtFieldPlace("lines")).toEqual({});
  });
});
