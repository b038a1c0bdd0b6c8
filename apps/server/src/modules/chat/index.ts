/** The chat feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';

export const chatFeature: Feature = { name: 'chat' };
