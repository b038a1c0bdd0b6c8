/**
 * The one shape every cached list of posts has (feed, saved posts, a profile's posts), and the pure
 * changes made to it, so one helper can keep a post the same in all of them.
 */
import type { Post, ReactionType } from '@plaza/contract';

export interface PostsPage {
  posts: Post[];
  hasMore: boolean;
  /** How many posts the whole list holds, as counted by the server and kept up by local changes. */
  total: number;
  /** Feed only: the moment page 1 froze the feed at (`anchor`, product.md § Feed), sent back with later pages. */
  anchor?: string;
}

/** Pages overlap when posts are added or removed between two page reads: show each post once (product.md § Feed). */
export function postsOf(data: { pages: PostsPage[] } | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.posts) {
      if (seen.has(post._id)) continue;
      seen.add(post._id);
      posts.push(post);
    }
  }
  return posts;
}

export const holdsPost = (data: { pages: PostsPage[] | undefined }, postId: string) =>
  !!data.pages?.some((page) => page.posts.some((p) => p._id === postId));

/** Runs `change` on every copy of the post in the pages (a page overlap can hold two). */
export function changePost(pages: PostsPage[], postId: string, change: (post: Post) => void): void {
  for (const page of pages) for (const post of page.posts) if (post._id === postId) change(post);
}

/** A new or newly saved post goes on top of the list, once. */
export function addOnTop(pages: PostsPage[], post: Post): void {
  if (pages.length === 0 || pages.some((page) => page.posts.some((p) => p._id === post._id))) return;
  pages[0].posts.unshift(post);
  for (const page of pages) page.total += 1;
}

export function removeFromPages(pages: PostsPage[], postId: string): void {
  let removed = false;
  for (const page of pages) {
    const index = page.posts.findIndex((p) => p._id === postId);
    if (index < 0) continue;
    page.posts.splice(index, 1);
    removed = true;
  }
  if (removed) for (const page of pages) page.total = Math.max(0, page.total - 1);
}

/** The reader adds or takes back one reaction kind: the count, the total and "mine" move together. */
export function toggleReaction(post: Post, kind: ReactionType, adding: boolean): void {
  const holds = post.currentUserReactions.includes(kind);
  if (adding === holds) return;
  const step = adding ? 1 : -1;
  post.reactionCounts[kind] = Math.max(0, post.reactionCounts[kind] + step);
  post.totalReactions = Math.max(0, post.totalReactions + step);
  post.currentUserReactions = adding ? [...post.currentUserReactions, kind] : post.currentUserReactions.filter((k) => k !== kind);
}
