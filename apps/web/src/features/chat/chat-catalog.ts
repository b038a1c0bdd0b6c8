/** The chat's English comes with the chat's chunk, not the feed's first load (i18n/english-chunk.ts). */
import { addEnglish } from '../../i18n/english-chunk';
import chat from '../../i18n/locales/en/chat.json';

addEnglish('chat', chat);
