/** The chat feature's public API. It owns `messages` and `conversations`. */
export type { ChatApi } from './api';
export { createChatFeature, type ChatFeature } from './feature';
