import { describe, expect, it } from "vitest";
import { isEmail, normalizeEmail } from "./email.ts";
import { formatIban, isDutchIban } from "./iban.ts";
import { isKvkNumber } from "./kvk.ts";
import { formatDutchPhone, isDutchMobile, isDutchPhone, toE164 } from "./phone.ts";
import { formatPostalCode, isDutchPostalCode } from "./postal-code.ts";
import { isDutchVatNumber } from "./vat.ts";

describe("Dutch mobile numbers (the user form)", () => {
  it.each(["0612345678", "06 1234 5678", "06-12345678", "+31612345678", "+31 6 12 34 56 78", "00316-12345678", "+31 (0)6 12345678"])(
    "accepts %s",
    (input) => expect(isDutchMobile(input)).toBe(true),
  );
  it.each(["0201234567", "+31201234567", "061234567", "06123456789", "+32612345678", "0031 6 1234567", "06.12345678", "", "mobiel"])(
    "refuses %s",
    (input) => expect(isDutchMobile(input)).toBe(false),
  );
});

describe("Dutch phone numbers (landline or mobile)", () => {
  it("accepts a landline and a mobile", () => {
    expect(isDutchPhone("030 234 5678")).toBe(true);
    expect(isDutchPhone("+31 23 512 3456")).toBe(true);
    expect(isDutchPhone("06 1234 5678")).toBe(true);
  });
  it("refuses a number of the wrong length, a foreign one and a leading zero after the prefix", () => {
    expect(isDutchPhone("030 234 567")).toBe(false);
    expect(isDutchPhone("+44 20 7946 0958")).toBe(false);
    expect(isDutchPhone("+31 030 234 5678")).toBe(false);
  });
  it("prints E.164", () => {
    expect(toE164("06-1234 5678")).toBe("+31612345678");
    expect(toE164("0031 30 2345678")).toBe("+31302345678");
    expect(toE164("12345")).toBeUndefined();
  });
  it("reads every way of typing one number as that same number, digit for digit", () => {
    // The review: "+31 30 234 5678" came back as "030 234 5679". Each form below must stay 030 234 5678.
    for (const typed of ["+31 30 234 5678", "+31302345678", "030 234 5678", "030-2345678", "0031 30 2345678", "+31 (0)30 234 5678"]) {
      expect(toE164(typed), typed).toBe("+31302345678");
      expect(formatDutchPhone(typed), typed).toBe("030 234 5678");
    }
  });
  it("writes a number as a Dutch reader does", () => {
    expect(formatDutchPhone("+31612345678")).toBe("06 1234 5678");
    expect(formatDutchPhone("+31592123456")).toBe("0592 123 456");
    expect(formatDutchPhone("+31851234567")).toBe("085 123 4567");
    expect(formatDutchPhone(" +44 20 7946 0958 ")).toBe("+44 20 7946 0958");
  });
});

describe("e-mail addresses", () => {
  it("accepts a normal address and refuses broken ones", () => {
    expect(isEmail("naam@bedrijf.nl")).toBe(true);
    expect(isEmail(" naam.achternaam+tag@sub.bedrijf.nl ")).toBe(true);
    expect(isEmail("naam@bedrijf")).toBe(false);
    expect(isEmail("naam bedrijf.nl")).toBe(false);
    expect(isEmail("@bedrijf.nl")).toBe(false);
  });
  it("normalizes to trimmed lower case", () => expect(normalizeEmail(" Naam@Bedrijf.NL ")).toBe("naam@bedrijf.nl"));
});

describe("IBAN", () => {
  it("accepts valid Dutch IBANs with or without spaces", () => {
    expect(isDutchIban("NL91ABNA0417164300")).toBe(true);
    expect(isDutchIban("nl69 ingb 0006 5412 34")).toBe(true);
  });
  it("refuses a wrong checksum, a foreign IBAN and a wrong shape", () => {
    expect(isDutchIban("NL92ABNA0417164300")).toBe(false);
    expect(isDutchIban("NL91ABNA0417164301")).toBe(false);
    expect(isDutchIban("DE89370400440532013000")).toBe(false);
    expect(isDutchIban("NL91ABNA041716430")).toBe(false);
  });
  it("prints groups of four", () => expect(formatIban("nl91abna0417164300")).toBe("NL91 ABNA 0417 1643 00"));
});

describe("VAT numbers", () => {
  it("accepts a company number (eleven-test) and a sole trader's (mod 97)", () => {
    expect(isDutchVatNumber("NL812345678B01")).toBe(true);
    expect(isDutchVatNumber("nl 8123.45678 b01")).toBe(true);
    expect(isDutchVatNumber("NL000099998B57")).toBe(true);
  });
  it("refuses a failing checksum and a wrong shape", () => {
    expect(isDutchVatNumber("NL812345679B01")).toBe(false);
    expect(isDutchVatNumber("NL812345678X01")).toBe(false);
    expect(isDutchVatNumber("BE0123456789")).toBe(false);
    expect(isDutchVatNumber("NL000000000B00")).toBe(false);
  });
});

describe("KvK numbers and postal codes", () => {
  it("takes eight digits for KvK", () => {
    expect(isKvkNumber("30123456")).toBe(true);
    expect(isKvkNumber("3012345")).toBe(false);
    expect(isKvkNumber("301234567")).toBe(false);
    expect(isKvkNumber("3012345a")).toBe(false);
  });
  it("takes Dutch postal codes, without SA/SD/SS or a leading zero", () => {
    expect(isDutchPostalCode("3511 NR")).toBe(true);
    expect(isDutchPostalCode("3511nr")).toBe(true);
    expect(isDutchPostalCode("0511 NR")).toBe(false);
    expect(isDutchPostalCode("3511 SS")).toBe(false);
    expect(isDutchPostalCode("3511 N")).toBe(false);
    expect(formatPostalCode("3511nr")).toBe("3511 NR");
  });
});
