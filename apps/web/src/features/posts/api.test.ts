import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { errorText } from '../../lib/error-text';
import { buildPost, feedPage } from '../../test/post-factories';
import { ME } from '../../test/render-signed-in';
import { stubServer, type StubServer } from '../../test/stub-server';
import { resetAuth, unauthenticatedState } from '../auth';
import { FETCH_FEED_FAILED, postsApi } from './api';
import { postsOf } from './post-pages';

const FEED_URL = `/posts/${ME.userName}/feeds`;

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

function signedInStore() {
  return makeStore({ auth: { ...unauthenticatedState, isAuthenticated: true, accessToken: 't', userDetails: ME } });
}

const readFeed = (store: ReturnType<typeof signedInStore>) => postsApi.endpoints.getFeed.select(ME.userName)(store.getState());

describe('the home feed in the cache (product.md § Feed)', () => {
  it('asks page 1 without an anchor, then sends the anchor page 1 answered with every later page', async () => {
    const pages = [
      feedPage([buildPost()], { hasMore: true, anchor: 'frozen-at-1' }),
      feedPage([buildPost()], { hasMore: true, anchor: 'frozen-at-1' }),
    ];
    server.on('GET', FEED_URL, ({ params }) => ({ status: 200, data: pages[Number(params.page) - 1] ?? feedPage([]) }));
    const store = signedInStore();

    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName));
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { direction: 'forward' }));
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { direction: 'forward' }));

    expect(server.callsTo('GET', FEED_URL).map((c) => c.params)).toEqual([
      { page: 1, limit: 10, anchor: undefined },
      { page: 2, limit: 10, anchor: 'frozen-at-1' },
      { page: 3, limit: 10, anchor: 'frozen-at-1' },
    ]);
  });

  it('a later page that overlaps the ones shown adds only the posts not shown yet', async () => {
    const [a, b, c] = [buildPost(), buildPost(), buildPost()];
    server.on('GET', FEED_URL, ({ params }) => ({
      status: 200,
      data: params.page === 1 ? feedPage([a, b], { hasMore: true }) : feedPage([b, c]),
    }));
    const store = signedInStore();
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName));
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { direction: 'forward' }));
    expect(postsOf(readFeed(store).data).map((p) => p._id)).toEqual([a._id, b._id, c._id]);
  });

  it('refreshing starts again from page 1 with a new anchor and drops the later pages', async () => {
    let anchor = 'first';
    server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([buildPost()], { hasMore: true, anchor }) }));
    const store = signedInStore();
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName));
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { direction: 'forward' }));
    expect(readFeed(store).data?.pages).toHaveLength(2);

    anchor = 'second';
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { forceRefetch: true }));
    expect(readFeed(store).data?.pages.map((p) => p.anchor)).toEqual(['second']);
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName, { direction: 'forward' }));
    expect(server.callsTo('GET', FEED_URL).at(-1)?.params).toMatchObject({ page: 2, anchor: 'second' });
  });

  it('a failure reads as the server said, with the texts of product.md § Feed when the server says nothing', async () => {
    server.on('GET', FEED_URL, () => ({ status: 500, data: {} }));
    const store = signedInStore();
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName));
    expect(readFeed(store).isError).toBe(true);
    expect(errorText(readFeed(store).error, FETCH_FEED_FAILED)).toBe(FETCH_FEED_FAILED);
  });

  it('signing out empties the cache, so the next person starts fresh', async () => {
    server.on('GET', FEED_URL, () => ({ status: 200, data: feedPage([buildPost()]) }));
    const store = signedInStore();
    await store.dispatch(postsApi.endpoints.getFeed.initiate(ME.userName));
    expect(postsOf(readFeed(store).data)).toHaveLength(1);
    store.dispatch(resetAuth());
    expect(readFeed(store).data).toBeUndefined();
  });
});
