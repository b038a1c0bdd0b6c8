/** What other features use of hashtags: the trending list and the tag search (the tag page loads by file). */
export { TAG_SEARCH_FALLBACK, TRENDING_FALLBACK, useSearchTagsQuery, useTrendingTagsQuery } from './api';
export { TrendingTags } from './TrendingTags';
export { nothingTrending, postsText, trendingText } from './texts';
