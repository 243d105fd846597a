/** A Chamber of Commerce (KvK) number: exactly eight digits; the register has no check digit. */
export const isKvkNumber = (input: string): boolean => /^\d{8}$/.test(input.trim());
