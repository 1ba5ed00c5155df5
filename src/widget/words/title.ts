/**
 * The en-AU catalogue's `title` (words/en-AU.ts): the frame's and the dialog's default accessible name, the `title`
 * option's default. A module of its own, so the inline bundle, which reads only it (options.ts), carries it without the
 * rest of the catalogue.
 */
export const TITLE = 'Connect your bank account';
