import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactFormResponseSchema, type ContactFormInput } from "../../src/core/api/schemas/contact.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { validateContactForm } from "../../src/core/api/schemas/contact.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

const valid: ContactFormInput = {
  name: "Anouk Jansen",
  company: "Café De Zwaan",
  email: "anouk@dezwaan.example",
  phone: "020 123 45 67",
  customerNumber: "100001",
  subject: "Levering zaterdag",
  message: "Kunnen jullie zaterdag ook leveren?",
  privacyAccepted: true,
  marketingOptIn: false,
};

describe("contact form rules", () => {
  it("accepts a complete form, with or without a customer number", () => {
    expect(validateContactForm(valid)).toEqual({});
    const withoutNumber: Partial<ContactFormInput> = { ...valid };
    delete withoutNumber.customerNumber;
    expect(validateContactForm(withoutNumber)).toEqual({});
    expect(validateContactForm({ ...valid, customerNumber: "  " })).toEqual({});
  });

  it.each([
    "0201234567",
    "020-123 45 67",
    "+31 20 123 4567",
    "0031201234567",
    "06 12345678",
    "+31 6-1234-5678",
    "+31 (0)6 12345678",
  ])("accepts the Dutch number %s", (phone) => {
    expect(validateContactForm({ ...valid, phone })).toEqual({});
  });

  it.each(["12345", "+32 470 12 34 56", "06 1234 567", "0612345678 9", "telefoon", "+31 06 12345678"])(
    "refuses %s as phone",
    (phone) => {
      expect(validateContactForm({ ...valid, phone })).toEqual({ phone: "phone" });
    },
  );

  it("names each refused field with one code", () => {
    expect(
      validateContactForm({
        name: "  ",
        company: "x".repeat(101),
        email: "anouk@",
        phone: "",
        customerNumber: "ABC",
        subject: "Vraag",
        message: "y".repeat(5001),
        privacyAccepted: false,
        marketingOptIn: "ja",
      }),
    ).toEqual({
      name: "required",
      company: "too_long",
      email: "email",
      phone: "required",
      customerNumber: "customer_number",
      message: "too_long",
      privacyAccepted: "required",
      marketingOptIn: "required",
    });
  });

  it("refuses every required field of an empty or non-object body", () => {
    const required = {
      name: "required",
      company: "required",
      email: "required",
      phone: "required",
      subject: "required",
      message: "required",
      privacyAccepted: "required",
      marketingOptIn: "required",
    };
    expect(validateContactForm({})).toEqual(required);
    expect(validateContactForm(null)).toEqual(required);
  });
});

describe("POST /contactservice/api/v2/contacts/contactform", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.close());

  const post = (body: unknown, query = "contactType=contact", headers: Record<string, string> = { "ocp-apim-subscription-key": backend.key }) =>
    fetch(`${backend.url}/contactservice/api/v2/contacts/contactform?${query}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** The stored submissions, read through the test hook. */
  type Submission = { id: string; contactType: string; accountNumber: string | null; userId: string | null; data: unknown };
  const stored = async (): Promise<Submission[]> =>
    (await (await fetch(`${backend.url}/__test/contact-submissions`)).json()) as Submission[];

  it("stores a valid submission and answers its id", async () => {
    const response = await post({ ...valid, name: "  Anouk Jansen " }, "contactType=new-customer&accountNumber=100001");
    expect(response.status).toBe(200);
    const { id } = v.parse(ContactFormResponseSchema, await response.json());
    const submission = (await stored()).find((entry) => entry.id === id);
    expect(submission).toMatchObject({
      contactType: "new-customer",
      accountNumber: "100001",
      userId: null,
      data: { ...valid, name: "Anouk Jansen" },
    });
  });

  it("answers 400 naming each bad field, the query parameters included", async () => {
    const before = (await stored()).length;
    const response = await post({ ...valid, email: "geen-mail", privacyAccepted: false }, "contactType=complaint&accountNumber=12");
    expect(response.status).toBe(400);
    expect(v.parse(ValidationErrorSchema, await response.json()).errors).toEqual([
      { field: "contactType", code: "invalid" },
      { field: "accountNumber", code: "customer_number" },
      { field: "email", code: "email" },
      { field: "privacyAccepted", code: "required" },
    ]);
    const missing = await post(valid, "");
    expect((await missing.json()) as unknown).toEqual({ statusCode: 400, errors: [{ field: "contactType", code: "required" }] });
    expect(await stored()).toHaveLength(before);
  });

  it("needs the subscription key", async () => {
    const response = await post(valid, "contactType=contact", {});
    expect(response.status).toBe(401);
  });

  it("records the signed-in sender and keeps them to their own accounts", async () => {
    const { access_token: token } = await signIn(backend, "facturen@example.com");
    const auth = { "ocp-apim-subscription-key": backend.key, authorization: `Bearer ${token}` };
    const own = await post(valid, "contactType=contact&accountNumber=100001", auth);
    expect(own.status).toBe(200);
    const { id } = v.parse(ContactFormResponseSchema, await own.json());
    expect((await stored()).find((entry) => entry.id === id)?.userId).toEqual(expect.any(String));
    expect((await post(valid, "contactType=contact&accountNumber=100002", auth)).status).toBe(403);
    const forged = await post(valid, "contactType=contact", { ...auth, authorization: "Bearer not-a-token" });
    expect(forged.status).toBe(401);
  });

  it("fails with 500 while the test hook says so, and recovers", async () => {
    const hook = (fail: boolean) =>
      fetch(`${backend.url}/__test/contactform-fail`, { method: "POST", body: JSON.stringify({ fail }) });
    expect(await (await hook(true)).json()).toEqual({ fail: true });
    expect((await post(valid)).status).toBe(500);
    await hook(false);
    expect((await post(valid)).status).toBe(200);
  });
});
