/** The English of the people screens (profiles, network, connection buttons, suggestions) comes with their chunks, not the feed's first load (english-chunk.ts). */
import { addEnglish } from './english-chunk';
import people from './locales/en/people.json';

addEnglish('people', people);
