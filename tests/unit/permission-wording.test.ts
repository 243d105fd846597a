import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../src/core/api/schemas/common.ts";
import { permissionDescription, permissionName } from "../../src/core/permissions/wording.ts";
import { PERMISSION_CATALOGUE } from "../../stand-in/seed/people.ts";

describe("what each permission lets a colleague do, in the portal's words", () => {
  it("has a name and a description for every permission code of the contract, in Dutch and English", () => {
    for (const code of PERMISSIONS) {
      for (const lang of ["nl", "en"] as const) {
        expect(permissionName(code, lang), `${code} ${lang}`).not.toMatch(/^portal\.|^$/);
        expect(permissionDescription(code, lang), `${code} ${lang}`).toMatch(/^[A-Z].{15,}\.$/);
      }
      expect(permissionDescription(code, "nl")).not.toBe(permissionDescription(code, "en"));
    }
  });

  it("says what a customer may see and do here, not the supplier's back-office powers in the catalogue", () => {
    expect(permissionDescription("FACTUREN", "nl")).toBe("Facturen en creditnota's bekijken en downloaden.");
    expect(permissionDescription("FACTUREN", "en")).toBe("View and download invoices and credit notes.");
    for (const entry of PERMISSION_CATALOGUE) {
      for (const lang of ["nl", "en"] as const) expect(permissionDescription(entry.code, lang)).not.toBe(entry.description[lang]);
    }
    for (const code of PERMISSIONS) {
      expect(permissionDescription(code, "nl")).not.toMatch(/genereren|versturen|berekenen|goedkeuren|uitbetalen|opstellen|bewerken en delen/);
      expect(permissionDescription(code, "en")).not.toMatch(/generate|send|calculate|approve|pay out|draft|edit and share/i);
    }
    // "Hoofddata" is jargon: the glossary's term.
    expect(permissionName("HOOFDDATA", "nl")).toBe("Accountgegevens");
  });
});
