/** Builds the mentions feature once per app: it keeps posts that mention someone right when they rename. */
import type { AppContext, Feature } from '../../context';
import { startMentionRenames } from './rename-sync';

export function createMentionsFeature(ctx: AppContext): Feature {
  return { name: 'mentions', start: () => startMentionRenames(ctx) };
}
