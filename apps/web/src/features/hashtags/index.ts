/** What other features use of hashtags: the trending list and the tag search (the tag page loads by file). */
export { TAG_SEARCH_FAILED, TRENDING_FAILED, useSearchTagsQuery, useTrendingTagsQuery } from './api';
export { TrendingTags } from './TrendingTags';
export { nothingTrending, postsText, trendingText } from './texts';
