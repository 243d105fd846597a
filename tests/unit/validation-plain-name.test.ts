import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "../../src/core/api/schemas/contact.ts";
import { AccountUpdateSchema, CreateContactSchema, ProfileUpdateSchema, UpdateContactSchema } from "../../src/core/api/schemas/people-requests.ts";
import { validateFields } from "../../src/core/validation/field-error.ts";
import { inertForMail, isPlainName, quotedForMail } from "../../src/core/validation/plain-name.ts";
import { translate } from "../../src/core/i18n/index.ts";

const HOSTILE = [
  "Bel 0900-1234567 of ga naar https://evil.example",
  "https://evil.example",
  "hxxps://evil.example",
  "www.evil.example",
  "Kijk op klantportaal-login.nl",
  "bit.ly/abc",
  "evil [.] com",
  "0612345678",
  "+31 6 12 34 56 78",
  "06-12345678",
  "0900 1234",
  "020.123.4567",
  "Marleen (bel 06 123 456 78)",
];
const NAMES = ["Marleen", "de Vries", "van den Berg-Öztürk", "J.R.R. Tolkien", "Café 1900", "Jansen B.V.", "O'Brien", "Anne-Marie", "St. Jan", "Bar 2000 & Co"];

describe("names are names", () => {
  it.each(HOSTILE)("refuses %j", (text) => expect(isPlainName(text)).toBe(false));
  it.each(NAMES)("accepts %j", (text) => expect(isPlainName(text)).toBe(true));

  it("refuses them server side and in the forms with one code, said in words in both languages", () => {
    const profile = { firstName: HOSTILE[0], lastName: "Jansen", phonenumber: "0201234567" };
    expect(validateFields(ProfileUpdateSchema, profile)).toEqual([{ field: "firstName", code: "plain_name" }]);
    const contact = { firstName: "Piet", lastName: "www.evil.example", email: "piet@example.com", phonenumber: "0612345678", permissions: ["FACTUREN"] };
    expect(validateFields(CreateContactSchema, contact)).toEqual([{ field: "lastName", code: "plain_name" }]);
    expect(validateFields(UpdateContactSchema, { ...contact, lastName: "Jansen", firstName: "Bel 0900 123 4567" })).toEqual([
      { field: "firstName", code: "plain_name" },
    ]);
    expect(v.safeParse(ContactFormSchema, { name: "https://evil.example", company: "Café 1900", email: "a@b.nl", phone: "0201234567", subject: "x", message: "Bel mij op 0612345678", privacyAccepted: true, marketingOptIn: false }).issues?.map((i) => i.message)).toEqual(["plain_name"]);
    expect(translate("nl", "validation.plain_name")).toBe("Vul hier alleen een naam in, zonder webadres of telefoonnummer.");
    expect(translate("en", "validation.plain_name")).toBe("Enter only a name here, without a web address or phone number.");
  });

  it("checks the company name of the account details the same way", () => {
    const result = v.safeParse(AccountUpdateSchema, { name: "Gratis bier op bier-gratis.nl" });
    expect(result.issues?.some((issue) => v.getDotPath(issue) === "name" && issue.message === "plain_name")).toBe(true);
  });

  it("writes typed values into mails so that no mail program makes a link of them", () => {
    expect(quotedForMail("Bel 0900 of ga naar https://evil.example/x")).toBe("“Bel 0900 of ga naar https[:]//evil[.]example/x”");
    expect(inertForMail("piet@evil.nl")).toBe("piet[at]evil[.]nl");
    expect(inertForMail("Marleen\nde Vries")).toBe("Marleen de Vries");
    expect(quotedForMail("Marleen de Vries")).toBe("“Marleen de Vries”");
  });
});

describe("names are names, at the stand-in API", () => {
  it("refuses a profile name with a link or phone number with 400 plain_name", async () => {
    const { startTestBackend } = await import("../support/backend.ts");
    const { signIn } = await import("./support/tokens.ts");
    const backend = await startTestBackend();
    try {
      const token = (await signIn(backend, "facturen@example.com")).access_token;
      const response = await fetch(`${backend.api}/contacts`, {
        method: "PUT",
        headers: { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ firstName: "Bel 0900-1234567 of ga naar https://evil.example", lastName: "Jansen", phonenumber: "0201234567" }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, errors: [{ field: "firstName", code: "plain_name" }] });
    } finally {
      await backend.close();
    }
  });
});
