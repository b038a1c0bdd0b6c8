/** The notification settings' English comes with their chunk, not the feed's first load (i18n/english-chunk.ts). */
import { addEnglish } from '../../i18n/english-chunk';
import preferences from '../../i18n/locales/en/preferences.json';

addEnglish('preferences', preferences);
