import { describe, expect, it } from "vitest";
import { validateAppointment } from "../../src/core/api/schemas/appointment.ts";

const valid = {
  name: "Anna de Vries",
  company: "Café De Hoek",
  kvkNumber: "12345678",
  businessType: "hospitality",
  email: "anna@dehoek.nl",
  phone: "06 12345678",
  preferredDays: ["tuesday", "thursday"],
  dayPart: "morning",
  privacyAccepted: true,
};

describe("the appointment request", () => {
  it("accepts a complete request", () => {
    expect(validateAppointment(valid)).toEqual({});
  });

  it("names each refused field with its code, a wrong day counting for the whole list", () => {
    expect(
      validateAppointment({ ...valid, company: " ", kvkNumber: "1234", businessType: "", preferredDays: [], dayPart: "evening", privacyAccepted: false }),
    ).toEqual({ company: "required", kvkNumber: "kvk_number", businessType: "choose_one", preferredDays: "choose_day", dayPart: "choose_one", privacyAccepted: "required" });
    expect(validateAppointment({ ...valid, preferredDays: ["sunday"] })).toEqual({ preferredDays: "choose_day" });
    // A field left out of the body altogether is "required", as in the contact form.
    expect(validateAppointment({})).toMatchObject({ name: "required", kvkNumber: "required", preferredDays: "required" });
  });
});
