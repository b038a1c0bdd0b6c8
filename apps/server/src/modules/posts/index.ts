/** The posts feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';

export const postsFeature: Feature = { name: 'posts' };
