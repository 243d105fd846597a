import { describe, expect, it } from "vitest";
import type { RelatedContact } from "../../src/core/api/schemas/colleagues.ts";
import { grantsOf, outletChoices, outletRefusals, refusedPresets, setChosen, setOutletRole } from "../../src/core/portal/outlet-choice.ts";
import { createBody, emptyUserForm } from "../../src/core/portal/user-form.ts";

/** The add-user form's outlets (src/core/portal/outlet-choice.ts): which are offered, the grants sent, the refusals beside each. */
const accounts = [
  { accountnumber: "100001", name: "Café De Gouden Leeuw B.V." },
  { accountnumber: "100002", name: "Restaurant Het Zilveren Anker B.V." },
  { accountnumber: "100003", name: "Eetcafé De Nieuwe" },
];
const sitePermissions = [
  { accountNumber: "100001", permissions: ["GEBRUIKERSBEHEER", "FACTUREN"] as const },
  { accountNumber: "100002", permissions: ["ADMINISTRATOR"] as const },
  { accountNumber: "100003", permissions: ["FACTUREN"] as const },
].map((entry) => ({ ...entry, permissions: [...entry.permissions] }));

const person = (email: string, extra: Partial<RelatedContact> = {}): RelatedContact => ({
  id: `usr-${email}`,
  firstName: "A",
  lastName: "B",
  email,
  phonenumber: "+31612345678",
  permissions: ["FACTUREN"],
  isMainUser: false,
  state: "active",
  invitedAt: null,
  acceptedAt: null,
  lastSignInAt: null,
  deactivatedAt: null,
  otherAccounts: [],
  ...extra,
});
const me = { id: "usr-me", email: "ik@example.com" };
const viewer = { me, held: (number: string) => sitePermissions.find((entry) => entry.accountNumber === number)?.permissions ?? [] };

describe("the outlets offered", () => {
  it("are the accounts whose users the viewer manages (an administrator too), the current one first and ticked", () => {
    expect(outletChoices(accounts, sitePermissions, "100002")).toEqual([
      { accountNumber: "100002", name: "Restaurant Het Zilveren Anker B.V.", chosen: true, role: "SAME" },
      { accountNumber: "100001", name: "Café De Gouden Leeuw B.V.", chosen: false, role: "SAME" },
    ]);
  });

  it("send each ticked one, with its own preset or the form's shared choice", () => {
    let outlets = outletChoices(accounts, sitePermissions, "100002");
    outlets = setOutletRole(setChosen(outlets, "100001", true), "100001", "BOOKKEEPER");
    expect(grantsOf(outlets)).toEqual([{ accountNumber: "100002" }, { accountNumber: "100001", role: "BOOKKEEPER", permissions: ["FACTUREN", "DOCUMENTEN"] }]);
    const values = { ...emptyUserForm(), firstName: "Eva", lastName: "Kok", email: "Eva@Example.com ", phonenumber: "0612345678", permissions: ["BONUS" as const] };
    expect(createBody(values, grantsOf(outlets)).grants).toHaveLength(2);
    expect(createBody(values)).not.toHaveProperty("grants");
  });
});

describe("the refusals beside an outlet", () => {
  const values = { ...emptyUserForm(), email: "eva@example.com", permissions: ["DOCUMENTEN" as const] };
  const outlets = setChosen(outletChoices(accounts, sitePermissions, "100002"), "100001", true);
  it("asks for one outlet at least", () => {
    expect(outletRefusals(values, setChosen(outlets, "100002", false).map((outlet) => ({ ...outlet, chosen: false })), {}, viewer)).toEqual([{ field: "grants", code: "accounts_required" }]);
  });

  it("apply the API's rule per outlet whose people are known, and leave the others to the API", () => {
    // On 100001 the viewer is a user manager holding FACTUREN only: DOCUMENTEN is not theirs to give there.
    const people = { "100001": [person(me.email, { id: me.id, permissions: ["GEBRUIKERSBEHEER", "FACTUREN"] })], "100002": [person("eva@example.com")] };
    expect(outletRefusals(values, outlets, people, viewer)).toEqual([
      { field: "grants.100002", code: "already_linked" },
      { field: "grants.100001", code: "permission_not_held" },
    ]);
    expect(outletRefusals(values, outlets, {}, viewer)).toEqual([]);
    const invited = { "100002": [person("eva@example.com", { id: "inv-1", state: "invited" })] };
    expect(outletRefusals(values, outlets, invited, viewer)).toEqual([{ field: "grants.100002", code: "already_invited" }]);
    // The presets refused there are not offered there.
    expect(refusedPresets("100001", people, viewer)).toEqual(["OWNER", "MANAGER", "BUYER", "BOOKKEEPER"]);
    expect(refusedPresets("100002", people, viewer)).toEqual([]);
  });
});
