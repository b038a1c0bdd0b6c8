/** The stories feature: its routes, and the sweep that removes expired stories. */
import type { Feature } from '../index';
import { storyRoutes } from './routes';
import { startStorySweep } from './sweep';

export const storiesFeature: Feature = { name: 'stories', routes: storyRoutes, start: (ctx) => startStorySweep(ctx) };
