/** What the rest of the web app uses of stories: the row at the top of the feed (with its viewer and dialog). */
export { StoriesBar } from './StoriesBar';
