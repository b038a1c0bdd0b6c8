import type { Post } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser, feedPage } from '../../test/post-factories';
import { ME, renderSignedIn } from '../../test/render-signed-in';
import { stubServer, type StubServer } from '../../test/stub-server';
import { HomeFeed } from './HomeFeed';

const FEED_URL = `/posts/${ME.userName}/feeds`;

let server: StubServer;
beforeEach(() => {
  server = stubServer();
  // jsdom does not scroll; refreshing asks to.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});

/** The feed answers `feeds` for its pages and `newest` for the one-post check behind "New posts". */
function serveFeed(feeds: Post[], newest: Post | undefined = feeds[0]) {
  server.on('GET', FEED_URL, ({ params }) => ({
    status: 200,
    data: params.limit === 1 ? feedPage(newest ? [newest] : []) : feedPage(feeds),
  }));
}

const feed = () => screen.getByRole('region', { name: 'Feed' });
const card = (author: string) => within(feed()).getByRole('article', { name: author });

describe('the home feed screen', () => {
  it('shows skeletons while loading, then the posts and "You\'re all caught up" at the end', async () => {
    serveFeed([buildPost({ author: buildUser({ fullName: 'Ada Poster' }) })]);
    renderSignedIn(<HomeFeed />);
    expect(screen.getAllByRole('status').some((el) => el.textContent?.includes('Loading posts'))).toBe(true);
    expect(await screen.findByRole('article', { name: 'Ada Poster' })).toBeInTheDocument();
    expect(screen.getByText("You're all caught up")).toBeInTheDocument();
  });

  it('renders a first page a screenful first and the rest right after, and says "caught up" only once all are shown', async () => {
    serveFeed(['One', 'Two', 'Three', 'Four', 'Five'].map((n) => buildPost({ author: buildUser({ fullName: `Poster ${n}` }) })));
    renderSignedIn(<HomeFeed />);
    await screen.findByRole('article', { name: 'Poster One' });
    expect(within(feed()).getAllByRole('article')).toHaveLength(2);
    expect(card('Poster Two')).toBeInTheDocument();
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
    expect(await within(feed()).findByRole('article', { name: 'Poster Five' })).toBeInTheDocument();
    expect(within(feed()).getAllByRole('article')).toHaveLength(5);
    expect(screen.getByText("You're all caught up")).toBeInTheDocument();
  });

  it('shows the error text of product.md § Feed when the feed cannot load, and "Try again" loads it', async () => {
    let fail = true;
    server.on('GET', FEED_URL, ({ params }) =>
      fail && params.limit !== 1
        ? { status: 500, data: {} }
        : { status: 200, data: feedPage([buildPost({ author: buildUser({ fullName: 'Back Again' }) })]) },
    );
    renderSignedIn(<HomeFeed />);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while fetching feeds');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back Again' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers "New posts" when the newest post is not among those shown, and refreshing shows it', async () => {
    const shown = buildPost({ author: buildUser({ fullName: 'Old News' }) });
    const fresh = buildPost({ author: buildUser({ fullName: 'Fresh News' }) });
    serveFeed([shown], fresh);
    renderSignedIn(<HomeFeed />);
    const offer = await screen.findByRole('button', { name: 'New posts' });
    serveFeed([fresh, shown], fresh);
    await userEvent.click(offer);
    expect(await screen.findByRole('article', { name: 'Fresh News' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it('"New posts" puts the new ones on top and keeps the pages already read below them', async () => {
    const [a, b, c] = [buildPost(), buildPost(), buildPost()];
    const fresh = buildPost({ author: buildUser({ fullName: 'Fresh News' }) });
    let head = [a, b];
    server.on('GET', FEED_URL, ({ params }) => ({
      status: 200,
      data: params.limit === 1 ? feedPage([fresh]) : params.page === 1 ? feedPage(head, { hasMore: true }) : feedPage([c]),
    }));
    renderSignedIn(<HomeFeed />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText("You're all caught up");
    head = [fresh, a];
    await userEvent.click(await screen.findByRole('button', { name: 'New posts' }));
    await within(feed()).findByRole('article', { name: 'Fresh News' });
    expect(
      within(feed())
        .getAllByRole('article')
        .map((el) => el.getAttribute('aria-labelledby')),
    ).toEqual([fresh, a, b, c].map((p) => `post-${p._id}-author`));
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it('"New posts" reads the feed afresh when more came than one page holds', async () => {
    const old = buildPost({ author: buildUser({ fullName: 'Old News' }) });
    const fresh = buildPost({ author: buildUser({ fullName: 'Fresh News' }) });
    serveFeed([old], fresh);
    renderSignedIn(<HomeFeed />);
    const offer = await screen.findByRole('button', { name: 'New posts' });
    serveFeed([fresh], fresh);
    await userEvent.click(offer);
    expect(await within(feed()).findByRole('article', { name: 'Fresh News' })).toBeInTheDocument();
    expect(within(feed()).queryByRole('article', { name: 'Old News' })).not.toBeInTheDocument();
  });

  it('does not offer "New posts" when the newest post is already shown', async () => {
    serveFeed([buildPost({ author: buildUser({ fullName: 'Up To Date' }) })]);
    renderSignedIn(<HomeFeed />);
    await screen.findByRole('article', { name: 'Up To Date' });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.callsTo('GET', FEED_URL).some((c) => c.params.limit === 1)).toBe(true);
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it('a published post goes on top of the feed', async () => {
    const older = buildPost({ author: buildUser({ fullName: 'Someone Else' }) });
    serveFeed([older]);
    const mine = buildPost({ author: { ...ME }, content: 'Hello plaza' });
    server.on('POST', '/posts', () => ({ status: 201, data: { success: true, post: mine } }));
    renderSignedIn(<HomeFeed />);
    await screen.findByRole('article', { name: 'Someone Else' });
    await userEvent.type(screen.getByLabelText("What's on your mind?"), 'Hello plaza');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await within(feed()).findByRole('article', { name: ME.fullName })).toHaveTextContent('Hello plaza');
    expect(
      within(feed())
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual([`post-${mine._id}-author`, `post-${older._id}-author`]);
  });

  it('deleting one of my posts removes it once the server agrees', async () => {
    const mine = buildPost({ author: { ...ME }, content: 'Short-lived' });
    serveFeed([mine]);
    server.on('DELETE', `/posts/${mine._id}`, () => ({ status: 200, data: { success: true } }));
    renderSignedIn(<HomeFeed />);
    await userEvent.click(within(await screen.findByRole('article', { name: ME.fullName })).getByRole('button', { name: 'Post options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete post' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your feed is empty')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/posts/${mine._id}`)).toHaveLength(1);
  });

  it('keeps each post once even when two pages repeat one', async () => {
    const [a, b, c] = [buildPost(), buildPost(), buildPost()];
    server.on('GET', FEED_URL, ({ params }) => ({
      status: 200,
      data: params.limit === 1 ? feedPage([a]) : params.page === 1 ? feedPage([a, b], { hasMore: true }) : feedPage([b, c]),
    }));
    renderSignedIn(<HomeFeed />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText("You're all caught up");
    expect(within(feed()).getAllByRole('article')).toHaveLength(3);
    expect(card(c.author.fullName)).toBeInTheDocument();
  });
});
