import { describe, expect, it } from "vitest";
import { CreateContactSchema } from "../../src/core/api/schemas/people-requests.ts";
import { translate } from "../../src/core/i18n/index.ts";
import { BOOKKEEPER_PERMISSIONS, presetRefusal, ROLE_NAMES, ROLE_PRESETS, roleMatches, roleOf } from "../../src/core/permissions/roles.ts";
import { roleDescription, roleName } from "../../src/core/permissions/wording.ts";
import { chooseRole, emptyUserForm, togglePermission, validateUserForm } from "../../src/core/portal/user-form.ts";
import { validateFields } from "../../src/core/validation/field-error.ts";
import type { Member } from "../../src/core/permissions/user-management.ts";

/** Role presets (src/core/permissions/roles.ts): names over the seven permissions, read from the permissions. */
const ORDER = ["HOOFDDATA", "GEBRUIKERSBEHEER", "DOCUMENTEN", "SAMENWERKINGSOVEREENKOMST", "FACTUREN", "BONUS"] as const;

describe("role presets", () => {
  it("are what the issue names: owner all but ADMINISTRATOR, bookkeeper invoices and documents, staff the dashboard only", () => {
    expect(ROLE_PRESETS.OWNER).toEqual(ORDER);
    expect(BOOKKEEPER_PERMISSIONS).toEqual(["FACTUREN", "DOCUMENTEN"]);
    expect(ROLE_PRESETS.STAFF).toEqual([]);
    expect(ROLE_PRESETS.MANAGER).not.toContain("GEBRUIKERSBEHEER");
  });

  it("reads a person's role from their permissions, in any order, else Custom", () => {
    expect(roleOf(["DOCUMENTEN", "FACTUREN"])).toBe("BOOKKEEPER");
    expect(roleOf(["FACTUREN"])).toBe("CUSTOM");
    expect(roleOf([])).toBe("STAFF");
    expect(roleOf(["ADMINISTRATOR", ...ORDER])).toBe("OWNER");
  });

  it("has a name and a plain-words description in both languages for every role", () => {
    for (const role of ROLE_NAMES) {
      for (const lang of ["nl", "en"] as const) {
        expect(roleName(role, lang)).not.toMatch(/^portal\./);
        expect(roleDescription(role, lang).length).toBeGreaterThan(20);
      }
    }
    expect(roleName("BOOKKEEPER", "nl")).toBe("Boekhouder");
    expect(translate("en", "portal.role.STAFF")).toBe("Staff");
  });

  it("lets a request's role and permissions disagree nowhere (the API's check)", () => {
    expect(roleMatches("BOOKKEEPER", ["DOCUMENTEN", "FACTUREN"])).toBe(true);
    expect(roleMatches("BOOKKEEPER", ["FACTUREN"])).toBe(false);
    expect(roleMatches("CUSTOM", ["FACTUREN"])).toBe(true);
    expect(roleMatches(undefined, ["FACTUREN"])).toBe(true);
  });

  it("takes no permission only for Staff: 'Select at least one permission' still speaks otherwise", () => {
    const base = { firstName: "E", lastName: "K", email: "e@example.com", phonenumber: "0612345678", permissions: [] };
    expect(validateFields(CreateContactSchema, base)).toEqual([{ field: "permissions", code: "permissions_required" }]);
    expect(validateFields(CreateContactSchema, { ...base, role: "STAFF" })).toEqual([]);
  });

  it("choosing a preset ticks its permissions; ticking by hand names the role the ticks make", () => {
    const form = { ...emptyUserForm(), firstName: "E", lastName: "K", email: "e@example.com", phonenumber: "0612345678" };
    const bookkeeper = chooseRole(form, "BOOKKEEPER", ORDER);
    expect(bookkeeper.permissions).toEqual(["DOCUMENTEN", "FACTUREN"]);
    expect(togglePermission(bookkeeper, "BONUS", true, ORDER).role).toBe("CUSTOM");
    expect(togglePermission(togglePermission(bookkeeper, "FACTUREN", false, ORDER), "FACTUREN", true, ORDER).role).toBe("BOOKKEEPER");
    // Unticking everything is not Staff: that is a choice, not an accident.
    const none = togglePermission(togglePermission(bookkeeper, "FACTUREN", false, ORDER), "DOCUMENTEN", false, ORDER);
    expect(none.role).toBe("CUSTOM");
    expect(validateUserForm(none, "create")).toEqual([{ field: "permissions", code: "permissions_required" }]);
    expect(validateUserForm(chooseRole(form, "STAFF", ORDER), "create")).toEqual([]);
  });

  it("does not offer a preset the user-management rules would refuse", () => {
    const delegated: Member = { id: "m", permissions: ["GEBRUIKERSBEHEER", "FACTUREN", "DOCUMENTEN"], isMainUser: false };
    const owner: Member = { id: "o", permissions: ["GEBRUIKERSBEHEER"], isMainUser: true };
    expect(presetRefusal(delegated, undefined, [], "OWNER")).toBe("user_management_protected");
    expect(presetRefusal(delegated, undefined, [], "BOOKKEEPER")).toBeUndefined();
    // Nobody grants more than they hold: without DOCUMENTEN, no Bookkeeper.
    expect(presetRefusal({ ...delegated, permissions: ["GEBRUIKERSBEHEER", "FACTUREN"] }, undefined, [], "BOOKKEEPER")).toBe("permission_not_held");
    expect(presetRefusal(owner, undefined, [], "OWNER")).toBeUndefined();
  });
});
