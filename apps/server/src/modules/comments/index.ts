/** The comments feature: comments on posts and likes on comments. */
import type { Feature } from '../index';
import { commentRoutes } from './routes';

export const commentsFeature: Feature = { name: 'comments', routes: commentRoutes };
