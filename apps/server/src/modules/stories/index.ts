/** The stories feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';

export const storiesFeature: Feature = { name: 'stories' };
