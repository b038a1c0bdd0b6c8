/**
 * The cached pages of a post's comments (product.md § Comments): newest first, paged by 10. Posting puts
 * the new comment on top and raises the total; deleting lowers it (never below one page).
 */
import type { Comment, CommentsResponse } from '@plaza/contract';

export type CommentsPage = Omit<CommentsResponse, 'success'>;

const pagesFor = (total: number, limit: number) => Math.max(1, Math.ceil(total / Math.max(1, limit)));

function recount(pages: CommentsPage[], step: number): void {
  for (const { pagination } of pages) {
    pagination.total = Math.max(0, pagination.total + step);
    pagination.totalPages = pagesFor(pagination.total, pagination.limit);
  }
}

/** Comments posted meanwhile shift the pages: show each comment once. */
export function commentsOf(data: { pages: CommentsPage[] } | undefined): Comment[] {
  const seen = new Set<string>();
  const shown: Comment[] = [];
  for (const comment of (data?.pages ?? []).flatMap((page) => page.comments)) {
    if (seen.has(comment._id)) continue;
    seen.add(comment._id);
    shown.push(comment);
  }
  return shown;
}

/** The total as counted by the server, kept up by local changes. */
export const totalOf = (data: { pages: CommentsPage[] } | undefined) => data?.pages.at(-1)?.pagination.total ?? 0;

/** A page read while the comment was being stored may already hold it: it is shown and counted once. */
export function addOnTop(pages: CommentsPage[], comment: Comment): void {
  if (pages.length === 0 || pages.some((page) => page.comments.some((c) => c._id === comment._id))) return;
  pages[0].comments.unshift(comment);
  recount(pages, 1);
}

export function removeComment(pages: CommentsPage[], commentId: string): void {
  let removed = false;
  for (const page of pages) {
    const before = page.comments.length;
    page.comments = page.comments.filter((c) => c._id !== commentId);
    removed ||= page.comments.length < before;
  }
  if (removed) recount(pages, -1);
}

/** Adds or takes back one person's like on a comment, wherever the pages hold it. */
export function setLike(pages: CommentsPage[], commentId: string, userId: string, liked: boolean): void {
  for (const page of pages) {
    for (const comment of page.comments) {
      if (comment._id !== commentId) continue;
      const others = comment.commentLikes.filter((id) => id !== userId);
      comment.commentLikes = liked ? [...others, userId] : others;
    }
  }
}
