import { commentResponseSchema, commentsResponseSchema, postResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { act } from '../safety/testing';
import { mentionNotices, namedUser } from './testing';

describe.each(dialects())('mentions in posts and comments on %s', (dialect) => {
  const t = useTestApp(dialect);
  const getPost = async (who: TestUser, postId: string) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema).post;
  const comment = async (who: TestUser, postId: string, text: string) => {
    const res = await as(t.app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: text } });
    expect(res.statusCode).toBe(201);
    return bodyOf(res, commentResponseSchema).comment;
  };
  const edit = async (who: TestUser, postId: string, content: string) => {
    const res = await as(t.app, who)({ method: 'PATCH', url: `/posts/${postId}`, payload: { content } });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, postResponseSchema).post;
  };

  it('stores the people a post mentions and tells each of them once, never the author', async () => {
    const [ann, ben, cat] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben'), await namedUser(t.app, 'cat')];
    const text = `Lunch with @${ben.user.userName.toUpperCase()}, @${cat.user.userName} and me @${ann.user.userName}; @nobody_here. @${ben.user.userName} again`;
    const postId = await createPost(t.app, ann, text);

    const post = await getPost(cat, postId);
    expect(post.mentions).toEqual([
      { userId: ben.user._id, userName: ben.user.userName, mentionedAs: ben.user.userName.toLowerCase() },
      { userId: cat.user._id, userName: cat.user.userName, mentionedAs: cat.user.userName.toLowerCase() },
      { userId: ann.user._id, userName: ann.user.userName, mentionedAs: ann.user.userName.toLowerCase() },
    ]);
    const [notice] = await mentionNotices(t.app, ben);
    expect(notice).toMatchObject({ type: 'mention', entityId: postId, actor: { _id: ann.user._id } });
    expect(notice.text).toMatch(/mentioned you in a post: “Lunch with/);
    expect(await mentionNotices(t.app, ben)).toHaveLength(1);
    expect(await mentionNotices(t.app, cat)).toHaveLength(1);
    expect(await mentionNotices(t.app, ann)).toEqual([]);
  });

  it('links the mention to the person after they rename, under the name they have now', async () => {
    const [ann, ben] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben')];
    const oldName = ben.user.userName;
    const postId = await createPost(t.app, ann, `Hi @${oldName}`);
    const feed = () => as(t.app, ann)({ method: 'GET', url: `/posts/${ann.user.userName}/feeds` });
    expect((await feed()).body).toContain(`"userName":"${oldName}"`); // rendered and cached with the old name
    const newName = `renamed_${Math.random().toString(36).slice(2, 8)}`;
    expect((await as(t.app, ben)({ method: 'PATCH', url: '/users/me', payload: { userName: newName } })).statusCode).toBe(200);
    await t.app.ctx.events.settled();

    const post = await getPost(ann, postId);
    expect(post.content).toBe(`Hi @${oldName}`);
    expect(post.mentions).toEqual([{ userId: ben.user._id, userName: newName, mentionedAs: oldName.toLowerCase() }]);
    // The feed renders from its own cache: the new name shows there too.
    const after = (await feed()).body;
    expect(after).toContain(`"userName":"${newName}"`);
    expect(after).not.toContain(`"userName":"${oldName}"`);

    // Someone taking the old name later is not the one the post meant, even after an edit.
    const taker = await namedUser(t.app, 'tmp');
    await as(t.app, taker)({ method: 'PATCH', url: '/users/me', payload: { userName: oldName } });
    const edited = await edit(ann, postId, `Hi @${oldName}!`);
    expect(edited.mentions.map((m) => m.userId)).toEqual([ben.user._id]);
    expect(await mentionNotices(t.app, taker)).toEqual([]);
  });

  it('tells only the people an edit adds, once', async () => {
    const [ann, ben, cat] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben'), await namedUser(t.app, 'cat')];
    const postId = await createPost(t.app, ann, `Hello @${ben.user.userName}`);
    await edit(ann, postId, `Hello @${ben.user.userName} and @${cat.user.userName}`);
    await edit(ann, postId, `Hello @${ben.user.userName} and @${cat.user.userName}, edited again`);
    expect(await mentionNotices(t.app, ben)).toHaveLength(1);
    expect(await mentionNotices(t.app, cat)).toHaveLength(1);

    const removed = await edit(ann, postId, 'Hello everyone');
    expect(removed.mentions).toEqual([]);
  });

  it('keeps a mention between blocked people as plain text, either way, and tells nobody', async () => {
    const [ann, ben, cat] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben'), await namedUser(t.app, 'cat')];
    await act(t.app, ben, 'block', ann);
    await act(t.app, ann, 'block', cat);
    const postId = await createPost(t.app, ann, `@${ben.user.userName} and @${cat.user.userName}`);
    const dee = await namedUser(t.app, 'dee');
    expect((await getPost(dee, postId)).mentions).toEqual([]);
    expect(await mentionNotices(t.app, ben)).toEqual([]);
    expect(await mentionNotices(t.app, cat)).toEqual([]);
  });

  it('tells of a comment mention only someone who can see the post', async () => {
    const [owner, writer, reader, blocker] = [
      await namedUser(t.app, 'own'),
      await namedUser(t.app, 'wri'),
      await namedUser(t.app, 'rea'),
      await namedUser(t.app, 'blo'),
    ];
    await act(t.app, blocker, 'block', owner); // cannot see the owner's posts
    const postId = await createPost(t.app, owner, 'A post');
    const made = await comment(writer, postId, `@${reader.user.userName} @${blocker.user.userName} look`);
    expect(made.mentions.map((m) => m.userId)).toEqual([reader.user._id, blocker.user._id]);

    const [notice] = await mentionNotices(t.app, reader);
    expect(notice).toMatchObject({ entityId: postId, actor: { _id: writer.user._id } });
    expect(notice.text).toMatch(/mentioned you in a comment: “@/);
    expect(await mentionNotices(t.app, blocker)).toEqual([]);

    const listed = bodyOf(await as(t.app, owner)({ method: 'GET', url: `/comments/posts/${postId}/comments` }), commentsResponseSchema);
    expect(listed.comments[0].mentions.map((m) => m.userName)).toEqual([reader.user.userName, blocker.user.userName]);
  });

  it('forgets the mention notifications of a deleted post', async () => {
    const [ann, ben] = [await namedUser(t.app, 'ann'), await namedUser(t.app, 'ben')];
    const postId = await createPost(t.app, ann, `@${ben.user.userName}`);
    expect(await mentionNotices(t.app, ben)).toHaveLength(1);
    expect((await as(t.app, ann)({ method: 'DELETE', url: `/posts/${postId}` })).statusCode).toBe(200);
    expect(await mentionNotices(t.app, ben)).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('mentions').selectAll().where('post_id', '=', postId).execute()).toEqual([]);
  });
});
