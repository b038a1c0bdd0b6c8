/** The reactions feature: six kinds on posts, toggled one kind at a time. */
import type { Feature } from '../index';
import { reactionRoutes } from './routes';

export const reactionsFeature: Feature = { name: 'reactions', routes: reactionRoutes };
