/** What the rest of the web app uses of the chat: its page (the `/chat` route). */
export { default as ChatPage } from './ChatPage';
