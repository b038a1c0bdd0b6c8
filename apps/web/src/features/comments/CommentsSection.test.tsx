import type { Comment, CommentsResponse, Post } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildComment, buildPost, buildUser, commentsPage, feedPage } from '../../test/post-factories';
import { FeedList } from '../../test/post-lists';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { deferred, stubServer, type StubServer } from '../../test/stub-server';

const FEED_URL = `/posts/${ME.userName}/feeds`;
const commentsUrl = (post: Post) => `/comments/posts/${post._id}/comments`;

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

/** Shows the post in the feed with its comments open; `comments` answers page 1, or each page by number. */
async function openComments(post: Post, comments: Comment[] | ((page: number) => CommentsResponse) = []) {
  const answer = typeof comments === 'function' ? comments : () => commentsPage(comments);
  server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([post]) }));
  server.on('GET', commentsUrl(post), ({ params }) => ({ status: 200, data: answer(Number(params.page)) }));
  renderSignedIn(<FeedList />);
  const card = await screen.findByRole('article', { name: post.author.fullName });
  await userEvent.click(
    within(card).getByRole('button', { name: `${post.commentsCount} ${post.commentsCount === 1 ? 'comment' : 'comments'}` }),
  );
  return { card, section: await within(card).findByRole('region', { name: 'Comments' }) };
}

describe('comments under a post (product.md § Comments)', () => {
  it("posting puts the comment on top, raises the post's count and empties the box", async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Talked About' }) });
    const mine = buildComment({ postId: post._id, commentAuthor: { ...ME }, commentContent: 'First!' });
    server.on('POST', commentsUrl(post), () => ({ status: 201, data: { success: true, comment: mine } }));
    const { card, section } = await openComments(post);
    expect(await within(section).findByText('No comments yet. Be the first to comment.')).toBeInTheDocument();

    await userEvent.type(within(section).getByLabelText('Write a comment'), 'First!{Enter}');
    expect(await within(section).findByRole('listitem')).toHaveTextContent('First!');
    expect(within(card).getByRole('button', { name: '1 comment' })).toBeInTheDocument();
    expect(within(section).getByLabelText('Write a comment')).toHaveValue('');
    expect(server.callsTo('POST', commentsUrl(post)).map((c) => c.body)).toEqual([{ commentContent: 'First!' }]);
  });

  it('a comment the server refuses stays in the box with the reason', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Strict Post' }) });
    server.on('POST', commentsUrl(post), () => ({ status: 500, data: {} }));
    const { card, section } = await openComments(post);
    await userEvent.type(within(section).getByLabelText('Write a comment'), 'Not today{Enter}');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to submit comment');
    expect(within(section).getByLabelText('Write a comment')).toHaveValue('Not today');
    expect(within(card).getByRole('button', { name: '0 comments' })).toBeInTheDocument();
  });

  it('"Load more" appends the next page, showing a comment that moved between pages once', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Busy Thread' }), commentsCount: 12 });
    const first = Array.from({ length: 10 }, () => buildComment({ postId: post._id }));
    const more = [buildComment({ postId: post._id }), buildComment({ postId: post._id })];
    // A comment posted meanwhile pushed the last one of page 1 onto page 2.
    const { section } = await openComments(post, (page) =>
      page === 1 ? commentsPage(first, 1, 12) : commentsPage([first[9], ...more], 2, 12),
    );
    expect(await within(section).findAllByRole('listitem')).toHaveLength(10);

    await userEvent.click(within(section).getByRole('button', { name: 'Load more comments (2)' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(12));
    expect(within(section).queryByRole('button', { name: /Load more comments/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', commentsUrl(post)).map((c) => c.params.page)).toEqual([1, 2]);
  });

  it('liking shows at once and rolls back when the server refuses', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Liked Thread' }), commentsCount: 1 });
    const comment = buildComment({ postId: post._id, commentLikes: ['someone'] });
    const answer = deferred<void>();
    server.on('POST', `/comments/${comment._id}/like`, async () => {
      await answer.promise;
      return { status: 500, data: {} };
    });
    const { section } = await openComments(post, [comment]);
    await userEvent.click(await within(section).findByRole('button', { name: 'Like comment (1)' }));
    expect(await within(section).findByRole('button', { name: 'Unlike comment (2)' })).toHaveAttribute('aria-pressed', 'true');

    answer.resolve();
    expect(await within(section).findByRole('button', { name: 'Like comment (1)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("a like follows the server's message: 'Comment liked' adds mine", async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Agreed Thread' }), commentsCount: 1 });
    const comment = buildComment({ postId: post._id });
    server.on('POST', `/comments/${comment._id}/like`, () => ({
      status: 200,
      data: { success: true, userId: ME._id, message: 'Comment liked' },
    }));
    const { section } = await openComments(post, [comment]);
    await userEvent.click(await within(section).findByRole('button', { name: 'Like comment (0)' }));
    const unlike = await within(section).findByRole('button', { name: 'Unlike comment (1)' });
    await waitFor(() => expect(unlike).toBeEnabled());
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
  });

  it("any other message than 'Comment liked' takes my like away, whatever the tap meant", async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Disputed Thread' }), commentsCount: 1 });
    const comment = buildComment({ postId: post._id });
    const answer = deferred<void>();
    server.on('POST', `/comments/${comment._id}/like`, async () => {
      await answer.promise;
      return { status: 200, data: { success: true, userId: ME._id, message: 'Comment unliked' } };
    });
    const { section } = await openComments(post, [comment]);
    await userEvent.click(await within(section).findByRole('button', { name: 'Like comment (0)' }));
    await within(section).findByRole('button', { name: 'Unlike comment (1)' });
    answer.resolve();
    const like = await within(section).findByRole('button', { name: 'Like comment (0)' });
    await waitFor(() => expect(like).toBeEnabled());
    expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  it("deleting one's own comment removes it and lowers the post's count", async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Second Thoughts' }), commentsCount: 1 });
    const comment = buildComment({ postId: post._id, commentAuthor: { ...ME }, commentContent: 'Oops' });
    server.on('DELETE', `/comments/${comment._id}`, () => ({ status: 200, data: { success: true } }));
    const { card, section } = await openComments(post, [comment]);
    await userEvent.click(await within(section).findByRole('button', { name: 'Delete comment' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }));
    expect(await within(card).findByRole('button', { name: '0 comments' })).toBeInTheDocument();
    expect(within(section).queryByText('Oops')).not.toBeInTheDocument();
  });

  it('a failed fetch shows the text of product.md § Comments', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Broken Thread' }) });
    server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([post]) }));
    server.on('GET', commentsUrl(post), () => ({ status: 500, data: {} }));
    renderSignedIn(<FeedList />);
    const card = await screen.findByRole('article', { name: 'Broken Thread' });
    await userEvent.click(within(card).getByRole('button', { name: '0 comments' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to fetch comments');
  });

  it("opening another post's comments closes the first", async () => {
    const [a, b] = [buildPost({ author: buildUser({ fullName: 'Post A' }) }), buildPost({ author: buildUser({ fullName: 'Post B' }) })];
    server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([a, b]) }));
    server.on('GET', /^\/comments\/posts\/.+\/comments$/, () => ({ status: 200, data: commentsPage([]) }));
    renderSignedIn(<FeedList />);
    const cardA = await screen.findByRole('article', { name: 'Post A' });
    const cardB = screen.getByRole('article', { name: 'Post B' });
    await userEvent.click(within(cardA).getByRole('button', { name: '0 comments' }));
    expect(await within(cardA).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
    await userEvent.click(within(cardB).getByRole('button', { name: '0 comments' }));
    expect(await within(cardB).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
    expect(within(cardA).queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();
  });
});
