import type { Post } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPost, buildUser, feedPage, reactionSet } from '../../test/post-factories';
import { FeedList } from '../../test/post-lists';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { deferred, stubServer, type StubServer } from '../../test/stub-server';

const FEED_URL = `/posts/${ME.userName}/feeds`;
const REACTIONS_URL = '/posts/p/reactions-all';

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

async function showPost(post: Post) {
  server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([post]) }));
  renderSignedIn(<FeedList />);
  return screen.findByRole('article', { name: post.author.fullName });
}

describe('reactions on a post (product.md § Reactions)', () => {
  it('taking a reaction back shows at once; the kind waits for its call while the others stay free', async () => {
    const post = buildPost({
      author: buildUser({ fullName: 'Has Fire' }),
      reactionCounts: { heart: 0, fire: 2, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
      totalReactions: 2,
      currentUserReactions: ['fire'],
    });
    const answer = deferred<void>();
    server.on('PUT', `/posts/react/${post._id}`, async ({ body }) => {
      await answer.promise;
      return {
        status: 200,
        data: { success: true, action: 'removed', reactionType: (body as { reactionType: string }).reactionType, totalReactions: 1 },
      };
    });
    server.on('GET', REACTIONS_URL, () => ({ status: 200, data: reactionSet({ fire: 1 }, []) }));
    const card = await showPost(post);

    // From the keyboard: focus stays on the button while it is busy and after it toggled.
    within(card).getByRole('button', { name: 'Fire (2)' }).focus();
    await userEvent.keyboard('{Enter}');
    const fire = await within(card).findByRole('button', { name: 'Fire (1)' });
    expect(fire).toHaveAttribute('aria-pressed', 'false');
    expect(fire).toHaveAttribute('aria-busy', 'true');
    expect(fire).toHaveFocus();
    // A second press while busy sends nothing more.
    await userEvent.keyboard('{Enter}');
    expect(within(card).getByRole('button', { name: 'Heart (0)' })).not.toHaveAttribute('aria-busy');
    expect(server.callsTo('PUT', `/posts/react/${post._id}`).map((c) => c.body)).toEqual([{ reactionType: 'fire' }]);

    answer.resolve();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Fire (1)' })).not.toHaveAttribute('aria-busy'));
    expect(within(card).getByRole('button', { name: 'Fire (1)' })).toHaveFocus();
    // product.md § Reactions: after the toggle the post's reactions are refetched.
    await waitFor(() => expect(server.callsTo('GET', REACTIONS_URL).map((c) => c.params)).toEqual([{ postId: post._id }]));
    expect(within(card).getByRole('button', { name: 'See who reacted (1)' })).toBeInTheDocument();
  });

  it('"See who reacted" lists the people behind the counts', async () => {
    const bob = buildUser({ fullName: 'Bob Reader' });
    const post = buildPost({
      author: buildUser({ fullName: 'Popular Post' }),
      reactionCounts: { heart: 1, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
      totalReactions: 1,
    });
    server.on('GET', REACTIONS_URL, () => ({ status: 200, data: reactionSet({ heart: 1 }, [], [bob]) }));
    const card = await showPost(post);

    await userEvent.click(within(card).getByRole('button', { name: 'See who reacted (1)' }));
    expect(await screen.findByRole('link', { name: /Bob Reader/ })).toBeInTheDocument();
    expect(server.callsTo('GET', REACTIONS_URL).map((c) => c.params)).toEqual([{ postId: post._id }]);
  });

  it('when the people cannot be fetched, the panel says "Failed to fetch reactions" and retries', async () => {
    const post = buildPost({
      author: buildUser({ fullName: 'Unlucky Post' }),
      reactionCounts: { heart: 0, fire: 0, thumbsUp: 1, smile: 0, celebrate: 0, clap: 0 },
      totalReactions: 1,
    });
    server.on('GET', REACTIONS_URL, () => ({ status: 500, data: {} }));
    const card = await showPost(post);

    await userEvent.click(within(card).getByRole('button', { name: 'See who reacted (1)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch reactions');
    server.on('GET', REACTIONS_URL, () => ({
      status: 200,
      data: reactionSet({ thumbsUp: 1 }, [], [buildUser({ fullName: 'Carol Later' })]),
    }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Carol Later/ })).toBeInTheDocument();
  });
});
