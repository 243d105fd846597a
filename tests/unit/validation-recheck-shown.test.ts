import { describe, expect, it } from "vitest";
import { recheckShown } from "../../src/core/validation/recheck-shown.ts";

const e = (field: string, code: string) => ({ field, code });

describe("recheckShown", () => {
  it("drops a shown error once its field is valid", () => {
    expect(recheckShown([e("email", "email")], [])).toEqual([]);
  });
  it("replaces a shown error with the field's fresh one", () => {
    expect(recheckShown([e("phone", "required")], [e("phone", "phone")])).toEqual([e("phone", "phone")]);
  });
  it("does not show errors of fields that showed none", () => {
    expect(recheckShown([e("a", "required")], [e("a", "required"), e("b", "required")])).toEqual([e("a", "required")]);
  });
  it("with a changed field, keeps the other fields' errors as they are (a server-only refusal stays)", () => {
    const shown = [e("email", "already_linked"), e("firstName", "required")];
    expect(recheckShown(shown, [], "firstName")).toEqual([e("email", "already_linked")]);
  });
  it("a changed field re-checks the fields under it", () => {
    const shown = [e("lines.0.quantity", "required"), e("attachments", "required")];
    expect(recheckShown(shown, [e("attachments", "required")], "lines")).toEqual([e("attachments", "required")]);
  });
});
