import { describe, expect, it } from 'vitest';
import { buildComment } from '../posts/test-factories';
import reducer, {
  deleteComment,
  fetchComments,
  initialCommentsState,
  likeComment,
  selectPost,
  submitComment,
  type CommentsState,
} from './commentsSlice';

function loaded(postId: string, count: number, total: number): CommentsState {
  let state = reducer(initialCommentsState, selectPost(postId));
  const comments = Array.from({ length: count }, () => buildComment({ postId }));
  state = reducer(state, fetchComments.pending('r', { postId, page: 1 }));
  return reducer(
    state,
    fetchComments.fulfilled(
      { success: true, comments, pagination: { page: 1, limit: 10, total, totalPages: Math.max(1, Math.ceil(total / 10)) } },
      'r',
      { postId, page: 1 },
    ),
  );
}

describe('comments slice', () => {
  it('loads page 1 as loading and later pages as loadingMore', () => {
    const state = loaded('p1', 10, 15);
    expect(reducer(state, fetchComments.pending('x', { postId: 'p1', page: 1 })).status).toBe('loading');
    expect(reducer(state, fetchComments.pending('x', { postId: 'p1', page: 2 })).status).toBe('loadingMore');
  });

  it('appends a later page after the shown comments', () => {
    const state = loaded('p1', 10, 12);
    const more = [buildComment({ postId: 'p1' }), buildComment({ postId: 'p1' })];
    const next = reducer(
      state,
      fetchComments.fulfilled(
        { success: true, comments: [state.comments[9], ...more], pagination: { page: 2, limit: 10, total: 12, totalPages: 2 } },
        'r2',
        { postId: 'p1', page: 2 },
      ),
    );
    expect(next.comments).toHaveLength(12);
    expect(next.comments.slice(-2)).toEqual(more);
    expect(next.status).toBe('succeeded');
  });

  it('posting adds the new comment at the top and raises the total', () => {
    const state = loaded('p1', 10, 10);
    const comment = buildComment({ postId: 'p1' });
    const next = reducer(state, submitComment.fulfilled(comment, 's', { postId: 'p1', commentContent: comment.commentContent }));
    expect(next.comments[0]).toEqual(comment);
    expect(next.pagination).toMatchObject({ total: 11, totalPages: 2 });
  });

  it('a comment that a page read meanwhile already holds is shown once and counted once', () => {
    const comment = buildComment({ postId: 'p1' });
    let state = reducer(initialCommentsState, selectPost('p1'));
    state = reducer(
      state,
      fetchComments.fulfilled({ success: true, comments: [comment], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } }, 'r', {
        postId: 'p1',
        page: 1,
      }),
    );
    const next = reducer(state, submitComment.fulfilled(comment, 's', { postId: 'p1', commentContent: comment.commentContent }));
    expect(next.comments).toEqual([comment]);
    expect(next.pagination.total).toBe(1);
  });

  it('deleting removes the comment and lowers the total, keeping at least one page', () => {
    const state = loaded('p1', 1, 1);
    const [only] = state.comments;
    const next = reducer(state, deleteComment.fulfilled({ commentId: only._id, postId: 'p1' }, 'd', { commentId: only._id, postId: 'p1' }));
    expect(next.comments).toHaveLength(0);
    expect(next.pagination).toMatchObject({ total: 0, totalPages: 1 });
  });

  it("likes toggle by the server message: 'Comment liked' adds the user's like, any other removes it", () => {
    const state = loaded('p1', 1, 1);
    const id = state.comments[0]._id;
    const liked = reducer(state, likeComment.fulfilled({ success: true, userId: 'me', message: 'Comment liked' }, 'l', { commentId: id }));
    expect(liked.comments[0].commentLikes).toEqual(['me']);
    const again = reducer(liked, likeComment.fulfilled({ success: true, userId: 'me', message: 'Comment liked' }, 'l', { commentId: id }));
    expect(again.comments[0].commentLikes).toEqual(['me']);
    const unliked = reducer(
      again,
      likeComment.fulfilled({ success: true, userId: 'me', message: 'Comment unliked' }, 'l', { commentId: id }),
    );
    expect(unliked.comments[0].commentLikes).toEqual([]);
  });

  it('changing the selected post clears the comments', () => {
    const state = loaded('p1', 3, 3);
    const next = reducer(state, selectPost('p2'));
    expect(next).toMatchObject({ postId: 'p2', comments: [], status: 'idle' });
    expect(next.pagination.total).toBe(0);
    expect(reducer(state, selectPost('p1')).comments).toHaveLength(3);
  });

  it('ignores answers for a post that is no longer selected', () => {
    const state = reducer(loaded('p1', 2, 2), selectPost('p2'));
    const late = reducer(
      state,
      fetchComments.fulfilled(
        { success: true, comments: [buildComment()], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } },
        'r',
        { postId: 'p1', page: 1 },
      ),
    );
    expect(late.comments).toHaveLength(0);
  });

  it('a failed fetch shows the SPEC fallback text', () => {
    let state = reducer(initialCommentsState, selectPost('p1'));
    state = reducer(state, fetchComments.pending('r', { postId: 'p1', page: 1 }));
    state = reducer(
      state,
      fetchComments.rejected(
        null,
        'r',
        { postId: 'p1', page: 1 },
        { error: 'Failed to fetch comments', message: 'Failed to fetch comments' },
      ),
    );
    expect(state).toMatchObject({ status: 'failed', error: 'Failed to fetch comments' });
  });
});
