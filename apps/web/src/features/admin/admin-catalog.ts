/** The moderators' screen's English comes with its chunk, not the feed's first load (i18n/english-chunk.ts). */
import { addEnglish } from '../../i18n/english-chunk';
import admin from '../../i18n/locales/en/admin.json';

addEnglish('admin', admin);
