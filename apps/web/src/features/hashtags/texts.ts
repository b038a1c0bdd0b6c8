/** How tag counts read (product.md § Hashtags), in the shown language: callers re-render through useTranslation. */
import i18next from 'i18next';

export const postsText = (posts: number) => i18next.t('common:tags.posts', { count: posts });

/** A trending tag's line: '3 people · 5 posts'. */
export const trendingText = (people: number, posts: number) =>
  i18next.t('common:tags.trendingLine', { people: i18next.t('common:tags.people', { count: people }), posts: postsText(posts) });

export const nothingTrending = () => i18next.t('common:tags.nothingTrending');
