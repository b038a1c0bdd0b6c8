/** The report dialog's and Blocked people's English comes with their chunks, not the feed's first load (i18n/english-chunk.ts). */
import { addEnglish } from '../../i18n/english-chunk';
import safety from '../../i18n/locales/en/safety.json';

addEnglish('safety', safety);
