/** The server's texts in the languages Plaza is written in (mails, pushes). */
export { translator, type Translate } from './translate';
