/** The people feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';

export const peopleFeature: Feature = { name: 'people' };
