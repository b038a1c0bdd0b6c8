/** The story viewer's and dialog's English comes with their chunks, not the feed's first load (i18n/english-chunk.ts). */
import { addEnglish } from '../../i18n/english-chunk';
import stories from '../../i18n/locales/en/stories.json';

addEnglish('stories', stories);
