/** The chat feature's public API. It owns `messages` and `conversations`. */
export { createChatFeature } from './feature';
