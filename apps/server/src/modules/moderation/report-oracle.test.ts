/**
 * Reporting is no oracle (issue 34, finding 7): a post, story or comment the reporter cannot see answers
 * exactly as one that does not exist, so a report cannot confirm a friends-only story or hidden content.
 */
import { commentResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { act } from '../safety/testing';
import { createStory } from '../stories/testing';

const MISSING = '00000000-0000-7000-8000-000000000000';

describe.each(dialects())('reports of what the reporter cannot see, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const reportOf = (who: TestUser, targetType: string, targetId: string) =>
    as(t.app, who)({ method: 'POST', url: '/reports', payload: { targetType, targetId, reason: 'spam' } });
  const answer = (res: { statusCode: number; body: string }, type: string, id: string) => ({
    status: res.statusCode,
    body: res.body.replace(id, '<id>').replace(type, '<type>'),
  });

  it('a stranger reporting a friends-only story gets the answer of a story that does not exist', async () => {
    const author = await createUser(t.app);
    const stranger = await createUser(t.app);
    const story = await createStory(t.app, author, 'friends only');
    const hidden = answer(await reportOf(stranger, 'story', story), 'story', story);
    const missing = answer(await reportOf(stranger, 'story', MISSING), 'story', MISSING);
    expect(hidden).toEqual(missing);
    expect(hidden.status).toBe(404);
  });

  it('a post and a comment hidden by a block answer as missing ones', async () => {
    const author = await createUser(t.app);
    const blocked = await createUser(t.app);
    const post = await createPost(t.app, author, 'my post');
    const commentRes = await as(
      t.app,
      author,
    )({ method: 'POST', url: `/comments/posts/${post}/comments`, payload: { commentContent: 'my comment' } });
    const comment = bodyOf(commentRes, commentResponseSchema).comment._id;
    await act(t.app, author, 'block', blocked);
    for (const [type, id] of [
      ['post', post],
      ['comment', comment],
    ] as const) {
      const hidden = answer(await reportOf(blocked, type, id), type, id);
      expect(hidden).toEqual(answer(await reportOf(blocked, type, MISSING), type, MISSING));
      expect(hidden.status).toBe(404);
    }
  });
});
