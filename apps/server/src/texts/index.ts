/** The server's texts in the languages Plaza is written in (mails, pushes, error answers). */
export { translator, type Translate, type Values } from './translate';
export type { TextKey } from './en';
export { acceptedLanguage } from './accept-language';
