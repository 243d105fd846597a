import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/core/api/errors.ts";
import type { AccountDetails } from "../../src/core/api/schemas/people.ts";
import type { PermissionCatalogue, RelatedContact } from "../../src/core/api/schemas/colleagues.ts";
import { translate } from "../../src/core/i18n/index.ts";
import {
  accountFormValues,
  accountHint,
  accountUpdateFrom,
  invoicingFields,
  postAddressFields,
  validateAccountForm,
} from "../../src/core/portal/account-form.ts";
import { apiFieldErrors, fieldMessages } from "../../src/core/portal/form-errors.ts";
import { allSelected, createBody, offeredPermissions, toggleAll, togglePermission, updateBody, userFormValues, validateUserForm } from "../../src/core/portal/user-form.ts";
import { actorOn, asMember } from "../../src/core/portal/user-guards.ts";
import { editRefusal, handOverRefusal, lockedPermissions, removalRefusal } from "../../src/core/permissions/user-management.ts";
import { failureNotice, successNotice } from "../../src/core/portal/user-outcomes.ts";
import { PERMISSION_CATALOGUE, SEED_ACCOUNTS } from "../../stand-in/seed/people.ts";

const seeded = SEED_ACCOUNTS[0];
if (!seeded) throw new Error("no seed account");
const account: AccountDetails = {
  ...seeded,
  accountmanager: null,
  salesSupport: null,
};
const catalogue: PermissionCatalogue = PERMISSION_CATALOGUE;

describe("account form", () => {
  it("round-trips the seeded account without changes and finds it valid", () => {
    const values = accountFormValues(account);
    expect(validateAccountForm(values)).toEqual([]);
    const update = accountUpdateFrom(values);
    expect(update.postalBoxNumber).toBe("1234");
    expect(update.address2line1).toBeNull();
    expect(update.emailinvoicecc).toBe("boekhouding@degoudenleeuw.example");
  });

  it("sends hidden fields as null: no post address when it does not differ, no copy address without e-mail invoices", () => {
    const values = { ...accountFormValues(account), hasDifferentPostAddress: false, emailinvoice: false };
    const update = accountUpdateFrom(values);
    expect([update.address2city, update.address2postalcode, update.postalBoxNumber, update.emailinvoicecc]).toEqual([null, null, null, null]);
    expect(update.postalboxaddress).toBe(false);
  });

  it("shows the post address fields for the flags", () => {
    const names = (fields: { name: string }[]) => fields.map((field) => field.name);
    expect(postAddressFields({ hasDifferentPostAddress: false, postalboxaddress: true })).toEqual([]);
    expect(names(postAddressFields({ hasDifferentPostAddress: true, postalboxaddress: true }))).toEqual(["postalBoxNumber", "address2postalcode", "address2city"]);
    expect(names(postAddressFields({ hasDifferentPostAddress: true, postalboxaddress: false }))).toEqual([
      "address2line1",
      "address2line2",
      "address2line3",
      "address2postalcode",
      "address2city",
    ]);
    expect(names(invoicingFields({ emailinvoice: false }))).not.toContain("emailinvoicecc");
  });

  it("gives a dictionary message at each refused field", () => {
    const values = {
      ...accountFormValues(account),
      name: " ",
      address1postalcode: "12345",
      telephone: "12",
      emailaddress1: "geen-mail",
      ibanNumber: "NL00 INGB 0006 5412 34",
      vatNumber: "NL12",
      chamberOfCommerceNumber: "1234567",
      postalBoxNumber: "",
    };
    const messages = fieldMessages(validateAccountForm(values));
    expect(messages).toEqual({
      name: "validation.required",
      address1postalcode: "validation.postal_code",
      postalBoxNumber: "validation.required",
      telephone: "validation.phone",
      emailaddress1: "validation.email",
      vatNumber: "validation.vat_number",
      ibanNumber: "validation.iban",
      chamberOfCommerceNumber: "validation.kvk_number",
    });
    expect(translate("en", "validation.kvk_number")).toBe("A Chamber of Commerce number has 8 digits.");
  });
});

describe("account form hints", () => {
  it("say what format IBAN, KvK and VAT number expect, with an example the checks accept", () => {
    for (const lang of ["nl", "en"] as const) {
      const values = { ...accountFormValues(account) };
      for (const name of ["ibanNumber", "chamberOfCommerceNumber", "vatNumber"] as const) {
        const key = accountHint(name);
        expect(key, name).toBeDefined();
        const example = /(NL\d{2}(?: [A-Z0-9]{4}){3} \d{2}|NL\d{9}B\d{2}|\b\d{8}\b)/.exec(translate(lang, key ?? "portal.empty"))?.[1];
        expect(example, `${lang} ${name}`).toBeDefined();
        values[name] = example ?? "";
      }
      expect(validateAccountForm(values)).toEqual([]);
    }
    expect(accountHint("name")).toBeUndefined();
  });
});

describe("user form", () => {
  const order = offeredPermissions(catalogue).map((entry) => entry.code);
  const empty = { firstName: "", lastName: "", email: "", phonenumber: "", permissions: [] };

  it("offers every assignable permission but ADMINISTRATOR, in the catalogue's order", () => {
    // Read from the catalogue, not copied: a permission added to the contract is offered too.
    expect(order).toEqual(catalogue.map((entry) => entry.code).filter((code) => code !== "ADMINISTRATOR"));
    expect(order).toEqual(expect.arrayContaining(["HOOFDDATA", "GEBRUIKERSBEHEER", "FACTUREN", "BONUS"]));
  });

  it("refuses an empty form field by field, the permissions included", () => {
    expect(fieldMessages(validateUserForm(empty, "create"))).toEqual({
      firstName: "validation.required",
      lastName: "validation.required",
      email: "validation.required",
      phonenumber: "validation.required",
      permissions: "validation.permissions_required",
    });
    expect(translate("nl", "portal.form.invalid")).toBe("Niet alle velden zijn correct ingevuld");
    expect(translate("en", "validation.permissions_required")).toBe("Select at least one permission for the user.");
  });

  it("accepts 06, +316 and 00316 numbers with spaces or dashes, and nothing else", () => {
    const valid = { ...empty, firstName: "A", lastName: "B", email: "a@b.nl", permissions: ["FACTUREN" as const] };
    for (const phone of ["0612345678", "06-1234 5678", "+31 6 12345678", "+316-12345678", "0031612345678", "00 31 6 1234 5678"]) {
      expect(validateUserForm({ ...valid, phonenumber: phone }, "create"), phone).toEqual([]);
    }
    for (const phone of ["0201234567", "061234567", "+32612345678", "06123456789", "mobiel"]) {
      expect(fieldMessages(validateUserForm({ ...valid, phonenumber: phone }, "create")), phone).toEqual({ phonenumber: "validation.mobile" });
    }
    expect(fieldMessages(validateUserForm({ ...valid, email: "a@b", phonenumber: "0612345678" }, "create"))).toEqual({ email: "validation.email" });
    expect(translate("en", "validation.email")).toContain("for example");
  });

  it("does not ask for the e-mail address when editing", () => {
    const edit = { ...empty, firstName: "A", lastName: "B", phonenumber: "0612345678", permissions: ["BONUS" as const] };
    expect(validateUserForm(edit, "edit")).toEqual([]);
  });

  it("selects all, and deselects all but the locked ones", () => {
    const all = toggleAll(empty, order);
    expect(all.permissions).toEqual(order);
    expect(allSelected(all, order)).toBe(true);
    expect(toggleAll(all, order, ["GEBRUIKERSBEHEER"]).permissions).toEqual(["GEBRUIKERSBEHEER"]);
    // A permission locked off stays off, and 'all' means all that may be switched.
    const allButLocked = toggleAll(empty, order, ["GEBRUIKERSBEHEER"]);
    expect(allButLocked.permissions).not.toContain("GEBRUIKERSBEHEER");
    expect(allSelected(allButLocked, order, ["GEBRUIKERSBEHEER"])).toBe(true);
    const some = togglePermission(togglePermission(empty, "BONUS", true, order), "HOOFDDATA", true, order);
    expect(some.permissions).toEqual(["HOOFDDATA", "BONUS"]);
    expect(allSelected(some, order)).toBe(false);
    expect(togglePermission(some, "BONUS", false, order).permissions).toEqual(["HOOFDDATA"]);
  });

  it("builds the bodies: trimmed, e-mail normalised, an administrator grant kept on edit", () => {
    const values = { firstName: " Eva ", lastName: " Kok ", email: " Eva@Example.COM ", phonenumber: " 06 1234 5678 ", permissions: ["FACTUREN" as const] };
    expect(createBody(values)).toEqual({ firstName: "Eva", lastName: "Kok", email: "eva@example.com", phonenumber: "06 1234 5678", permissions: ["FACTUREN"] });
    const admin = contact("9", ["ADMINISTRATOR", "FACTUREN"]);
    expect(userFormValues(admin).permissions).toEqual(["FACTUREN"]);
    expect(updateBody(values, admin).permissions).toEqual(["ADMINISTRATOR", "FACTUREN"]);
  });
});

function contact(id: string, permissions: RelatedContact["permissions"], email = `${id}@example.com`): RelatedContact {
  return { id, firstName: "F", lastName: id, email, phonenumber: "+31612345678", permissions, isMainUser: false, state: "active", invitedAt: null, acceptedAt: null, lastSignInAt: null, deactivatedAt: null, otherAccounts: [] };
}

describe("user management guards (the rules the API enforces, as the screen reads them)", () => {
  const me = { id: "1", email: "me@example.com" };
  const mine = contact("1", ["GEBRUIKERSBEHEER", "FACTUREN"], "Me@Example.com");
  const main = { ...contact("0", ["GEBRUIKERSBEHEER", "FACTUREN"]), isMainUser: true };
  const other = contact("2", ["FACTUREN"]);
  const manager = contact("3", ["GEBRUIKERSBEHEER"]);
  const admin = contact("4", ["ADMINISTRATOR"]);
  const list = [main, mine, other, manager, admin];
  const members = list.map(asMember);
  const actor = actorOn(list, me, ["GEBRUIKERSBEHEER"]);

  it("finds the signed-in user in the list (by id or e-mail), else takes the permissions held", () => {
    expect(actor).toEqual({ id: "1", permissions: ["GEBRUIKERSBEHEER", "FACTUREN"], isMainUser: false });
    expect(actorOn(list, { id: "x", email: "me@example.com" }, []).id).toBe("1");
    expect(actorOn([other], me, ["ADMINISTRATOR"])).toEqual({ id: "1", permissions: ["ADMINISTRATOR"], isMainUser: false });
  });

  it("a user manager who is not the main user: no self-removal, no touching the main user, another manager or an administrator", () => {
    expect(removalRefusal(actor, asMember(mine), members)?.code).toBe("self_delete");
    expect(editRefusal(actor, asMember(main))?.code).toBe("main_user_protected");
    expect(removalRefusal(actor, asMember(main), members)?.code).toBe("main_user_protected");
    expect(removalRefusal(actor, asMember(manager), members)?.code).toBe("user_management_protected");
    expect(removalRefusal(actor, asMember(admin), members)?.code).toBe("administrator_protected");
    expect(removalRefusal(actor, asMember(other), members)).toBeUndefined();
    expect(handOverRefusal(actor, asMember(other))?.code).toBe("main_user_protected");
  });

  it("locks what the rules would refuse: own permissions, user management on others, and what the actor does not hold", () => {
    const order = ["HOOFDDATA", "GEBRUIKERSBEHEER", "FACTUREN"] as const;
    expect([...lockedPermissions(actor, asMember(mine), members, order)]).toEqual([
      ["HOOFDDATA", "own_permissions"],
      ["GEBRUIKERSBEHEER", "own_user_management"],
      ["FACTUREN", "own_permissions"],
    ]);
    // The actor holds FACTUREN and GEBRUIKERSBEHEER: HOOFDDATA is not theirs to grant.
    expect([...lockedPermissions(actor, asMember(other), members, order)]).toEqual([
      ["HOOFDDATA", "permission_not_held"],
      ["GEBRUIKERSBEHEER", "user_management_protected"],
    ]);
    expect([...lockedPermissions(actor, undefined, members, order)]).toEqual([
      ["HOOFDDATA", "permission_not_held"],
      ["GEBRUIKERSBEHEER", "user_management_protected"],
    ]);
  });

  it("the main user: everything but removing or demoting themselves; hands the role to a colleague, not to an administrator", () => {
    const owner = asMember(main);
    expect(removalRefusal(owner, asMember(main), members)?.code).toBe("self_delete");
    expect(removalRefusal(owner, asMember(manager), members)).toBeUndefined();
    expect([...lockedPermissions(owner, asMember(main), members, ["GEBRUIKERSBEHEER", "BONUS"])]).toEqual([["GEBRUIKERSBEHEER", "own_user_management"]]);
    expect(lockedPermissions(owner, asMember(other), members, ["GEBRUIKERSBEHEER", "BONUS"]).size).toBe(0);
    expect(handOverRefusal(owner, asMember(other))).toBeUndefined();
    expect(handOverRefusal(owner, asMember(main))?.code).toBe("already_main_user");
    expect(handOverRefusal(owner, asMember(admin))?.code).toBe("administrator_protected");
  });

  it("an administrator: may change the main user but not remove them or take their user management", () => {
    const supplier = asMember(admin);
    expect(editRefusal(supplier, asMember(main))).toBeUndefined();
    expect(removalRefusal(supplier, asMember(main), members)?.code).toBe("main_user_remove");
    expect(lockedPermissions(supplier, asMember(main), members, ["GEBRUIKERSBEHEER"]).get("GEBRUIKERSBEHEER")).toBe("main_user_manages");
    expect(handOverRefusal(supplier, asMember(other))).toBeUndefined();
  });

  it("keeps a user manager on an account that has lost its main user", () => {
    const orphaned = [asMember(other), asMember(manager)];
    const supplier = { id: "9", permissions: ["ADMINISTRATOR" as const], isMainUser: false };
    expect(removalRefusal(supplier, asMember(manager), orphaned)?.code).toBe("last_user_manager");
  });
});

describe("outcome notices", () => {
  const refused = (code: string) => new ApiError(400, { statusCode: 400, errors: [{ field: "id", code }] }, "http://x");

  it("names the user in the success texts", () => {
    const created = successNotice("create", "Eva Kok");
    expect(translate("en", created.title)).toBe("User added");
    expect(translate("en", created.message, created.vars)).toBe("Eva Kok has been added as a new user. An email with the details has been sent to Eva Kok.");
    const removed = successNotice("remove", "Eva Kok");
    expect(translate("en", removed.message, removed.vars)).toBe("Eva Kok was successfully removed.");
    const edited = successNotice("edit", "Eva Kok");
    expect(translate("nl", edited.message, edited.vars)).toBe("De wijzigingen voor Eva Kok zijn doorgevoerd.");
    const resent = successNotice("resend", "Eva Kok");
    expect(translate("nl", resent.message, resent.vars)).toContain("De link uit de vorige e-mail werkt niet meer.");
  });

  it("uses the generic failure texts, and a guard's own reason when the API gives one", () => {
    const network = new TypeError("Failed to fetch");
    expect(failureNotice("edit", network)).toMatchObject({ title: "common.error.title", message: "common.error.body" });
    expect(translate("en", "common.error.title")).toBe("Something went wrong");
    expect(failureNotice("create", network).message).toBe("portal.users.error.create");
    expect(failureNotice("remove", new ApiError(500, null, "http://x")).message).toBe("portal.users.error.create");
    expect(translate("en", "portal.users.error.create")).toBe("Something went wrong while creating the user. Try again later.");
    expect(failureNotice("remove", refused("self_delete")).message).toBe("validation.self_delete");
    expect(failureNotice("edit", refused("own_user_management")).message).toBe("validation.own_user_management");
    expect(failureNotice("create", refused("already_linked")).message).toBe("validation.already_linked");
    expect(failureNotice("create", refused("already_invited")).message).toBe("validation.already_invited");
    expect(failureNotice("create", refused("self_invite")).message).toBe("validation.self_invite");
    expect(failureNotice("revoke", refused("invitation_not_open")).message).toBe("validation.invitation_not_open");
    // A 403 that names the rule (the caller's role does not allow the action) shows that rule too.
    const forbidden = new ApiError(403, { statusCode: 2, errors: [{ field: "id", code: "main_user_protected" }] }, "http://x");
    expect(failureNotice("remove", forbidden).message).toBe("validation.main_user_protected");
    expect(failureNotice("handOver", new ApiError(403, { statusCode: 2 }, "http://x")).message).toBe("common.error.body");
  });

  it("reads only known codes from a 400", () => {
    expect(apiFieldErrors(refused("last_user_manager"))).toEqual([{ field: "id", code: "last_user_manager" }]);
    expect(apiFieldErrors(refused("something_new"))).toBeUndefined();
    expect(apiFieldErrors(new ApiError(403, { statusCode: 2 }, "http://x"))).toBeUndefined();
    expect(apiFieldErrors(new Error("x"))).toBeUndefined();
  });
});
