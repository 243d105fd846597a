/**
 * The parts of an e-mail address between which a narrow column may wrap it: before the @ and before
 * each dot, so a line ends where a reader expects it and never inside a name ('vandamdranken.ex|ample').
 */
export const emailBreaks = (address: string): string[] => address.split(/(?=[@.])/);
