/** What a block hides stays hidden in the numbers too (issue 34, finding 8). */
import { commentsResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { act } from './testing';

describe.each(dialects())('block leaks on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('a comment list’s total leaves out the comments hidden from the viewer, as its pages do', async () => {
    const [author, viewer, blocked] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const post = await createPost(t.app, author, 'a post');
    for (const [who, text] of [
      [author, 'first'],
      [blocked, 'second'],
      [blocked, 'third'],
    ] as const) {
      const res = await as(t.app, who)({ method: 'POST', url: `/comments/posts/${post}/comments`, payload: { commentContent: text } });
      expect(res.statusCode).toBe(201);
    }
    await act(t.app, viewer, 'block', blocked);
    const page = bodyOf(
      await as(t.app, viewer)({ method: 'GET', url: `/comments/posts/${post}/comments?page=1&limit=10` }),
      commentsResponseSchema,
    );
    expect(page.comments.map((c) => c.commentContent)).toEqual(['first']);
    expect(page.pagination.total).toBe(1);
    const theirs = bodyOf(
      await as(t.app, author)({ method: 'GET', url: `/comments/posts/${post}/comments?page=1&limit=10` }),
      commentsResponseSchema,
    );
    expect(theirs.pagination.total).toBe(3);
  });
});
