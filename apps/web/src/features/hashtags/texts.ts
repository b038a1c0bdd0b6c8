/** How tag counts read (product.md § Hashtags). */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const postsText = (posts: number) => counted(posts, 'post', 'posts');

/** A trending tag's line: '3 people · 5 posts'. */
export const trendingText = (people: number, posts: number) => `${counted(people, 'person', 'people')} · ${postsText(posts)}`;

export const NOTHING_TRENDING = 'Nothing is trending yet. Tags used in posts and comments show here for a day.';
