/** The English of the lists of posts (favorites, a tag's page) comes with their chunks, not the feed's first load (english-chunk.ts). */
import { addEnglish } from './english-chunk';
import lists from './locales/en/lists.json';

addEnglish('lists', lists);
