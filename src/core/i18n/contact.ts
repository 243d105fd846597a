/**
 * Messages for the contact form's own validation codes (see src/core/api/schemas/contact.ts);
 * the shared codes (required, too_long, email, phone) live in people.ts.
 */
export const nl = {
  "validation.customer_number": "Een klantnummer bestaat uit 6 tot 10 cijfers, bijvoorbeeld 100001.",
  "validation.choose_one": "Maak een keuze.",
  "validation.choose_day": "Kies ten minste één dag.",
};
