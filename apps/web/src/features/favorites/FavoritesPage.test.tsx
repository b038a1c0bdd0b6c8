import type { Post } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPost, buildUser, favoritesPage, feedPage, reactionSet } from '../../test/post-factories';
import { FeedList } from '../../test/post-lists';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { deferred, stubServer, type StubServer } from '../../test/stub-server';
import FavoritesPage from './FavoritesPage';

const FEED_URL = `/posts/${ME.userName}/feeds`;

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

const feedCard = (name: string) => within(screen.getByRole('region', { name: 'Feed' })).getByRole('article', { name });
const savedCard = (name: string) => within(screen.getByRole('region', { name: 'Saved posts' })).getByRole('article', { name });

/** One post, shown both in the feed and among the saved posts. */
async function showInBoth(post: Post) {
  server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([post]) }));
  server.on('GET', '/posts/favorites', () => ({ status: 200, data: favoritesPage(post.isFavorite ? [post] : []) }));
  renderSignedIn(
    <>
      <FeedList />
      <FavoritesPage />
    </>,
  );
  await within(await screen.findByRole('region', { name: 'Feed' })).findByRole('article', { name: post.author.fullName });
  await screen.findByRole('region', { name: 'Saved posts' });
}

describe('one copy of a post, wherever it is shown', () => {
  it('a reaction added in the feed shows at once in the saved posts too, then follows the refetched set', async () => {
    const post = buildPost({
      author: buildUser({ fullName: 'Ada Poster' }),
      isFavorite: true,
      reactionCounts: { heart: 2, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
      totalReactions: 2,
    });
    const answer = deferred<void>();
    server.on('PUT', `/posts/react/${post._id}`, async () => {
      await answer.promise;
      return { status: 200, data: { success: true, action: 'added', reactionType: 'heart', totalReactions: 3 } };
    });
    server.on('GET', '/posts/p/reactions-all', () => ({ status: 200, data: reactionSet({ heart: 3, clap: 1 }, ['heart']) }));
    await showInBoth(post);

    await userEvent.click(within(feedCard('Ada Poster')).getByRole('button', { name: 'Heart (2)' }));
    // The server has not answered yet: this is the optimistic copy.
    for (const card of [feedCard('Ada Poster'), savedCard('Ada Poster')]) {
      expect(await within(card).findByRole('button', { name: 'Heart (3)' })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(server.callsTo('GET', '/posts/p/reactions-all')).toHaveLength(0);

    answer.resolve();
    // product.md § Reactions: after the toggle the post's reactions are refetched, and every copy follows them.
    expect(await within(savedCard('Ada Poster')).findByRole('button', { name: 'Clap (1)' })).toBeInTheDocument();
    expect(within(feedCard('Ada Poster')).getByRole('button', { name: 'See who reacted (4)' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/posts/p/reactions-all').map((c) => c.params)).toEqual([{ postId: post._id }]);
  });

  it('a reaction the server refuses rolls back in every list', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Refused Reaction' }), isFavorite: true });
    const answer = deferred<void>();
    server.on('PUT', `/posts/react/${post._id}`, async () => {
      await answer.promise;
      return { status: 500, data: {} };
    });
    await showInBoth(post);

    await userEvent.click(within(feedCard('Refused Reaction')).getByRole('button', { name: 'Fire (0)' }));
    expect(await within(savedCard('Refused Reaction')).findByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true');

    answer.resolve();
    for (const card of [feedCard('Refused Reaction'), savedCard('Refused Reaction')]) {
      expect(await within(card).findByRole('button', { name: 'Fire (0)' })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(within(feedCard('Refused Reaction')).getByText('No reactions yet')).toBeInTheDocument();
    expect(server.callsTo('GET', '/posts/p/reactions-all')).toHaveLength(0);
  });

  it('unsaving flips the bookmark everywhere at once and drops the post from saved posts once the server agrees', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Saved Once' }), isFavorite: true });
    const answer = deferred<void>();
    server.on('PUT', `/posts/${post._id}/favorite`, async () => {
      await answer.promise;
      return { status: 200, data: { success: true, isFavorite: false } };
    });
    await showInBoth(post);

    await userEvent.click(within(feedCard('Saved Once')).getByRole('button', { name: 'Remove from saved' }));
    expect(await within(savedCard('Saved Once')).findByRole('button', { name: 'Save post' })).toHaveAttribute('aria-pressed', 'false');

    answer.resolve();
    expect(await screen.findByText('No saved posts yet')).toBeInTheDocument();
    expect(within(feedCard('Saved Once')).getByRole('button', { name: 'Save post' })).toBeInTheDocument();
  });

  it('a bookmark the server refuses rolls back', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Still Saved' }), isFavorite: true });
    const answer = deferred<void>();
    server.on('PUT', `/posts/${post._id}/favorite`, async () => {
      await answer.promise;
      return { status: 503, data: { success: false, error: 'Unavailable', message: 'Try again later' } };
    });
    await showInBoth(post);

    await userEvent.click(within(savedCard('Still Saved')).getByRole('button', { name: 'Remove from saved' }));
    expect(await within(feedCard('Still Saved')).findByRole('button', { name: 'Save post' })).toBeInTheDocument();

    answer.resolve();
    for (const card of [feedCard('Still Saved'), savedCard('Still Saved')]) {
      expect(await within(card).findByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('a post saved from the feed joins the top of the saved posts', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Newly Saved' }), isFavorite: false });
    server.on('PUT', `/posts/${post._id}/favorite`, () => ({ status: 200, data: { success: true, isFavorite: true } }));
    await showInBoth(post);
    expect(screen.getByText('No saved posts yet')).toBeInTheDocument();

    await userEvent.click(within(feedCard('Newly Saved')).getByRole('button', { name: 'Save post' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Saved posts' })).findByRole('article', { name: 'Newly Saved' }),
    ).toBeInTheDocument();
    expect(within(savedCard('Newly Saved')).getByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the saved posts page', () => {
  it('shows the error text of product.md § Favorites when saved posts cannot load', async () => {
    server.on('GET', '/posts/favorites', () => ({ status: 500, data: {} }));
    renderSignedIn(<FavoritesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch saved posts');
  });

  it('loads the next page and says when everything is shown', async () => {
    const [first, second] = [buildPost({ isFavorite: true }), buildPost({ isFavorite: true })];
    server.on('GET', '/posts/favorites', ({ params }) => ({
      status: 200,
      data: params.page === 1 ? favoritesPage([first], { hasMore: true }) : favoritesPage([second], { currentPage: 2 }),
    }));
    renderSignedIn(<FavoritesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Saved posts' })).getAllByRole('article')).toHaveLength(2);
    expect(server.callsTo('GET', '/posts/favorites').map((c) => c.params.page)).toEqual([1, 2]);
  });
});
