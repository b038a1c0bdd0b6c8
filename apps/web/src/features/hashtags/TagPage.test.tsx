import type { Post, TagPostsResponse } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { buildPost, buildUser } from '../../test/post-factories';
import { ME } from '../../test/render-signed-in';
import { stubServer, type StubServer } from '../../test/stub-server';
import { unauthenticatedState } from '../auth';
import TagPage from './TagPage';

let server: StubServer;
beforeEach(() => {
  server = stubServer();
});
afterEach(() => server.restore());

const tagPage = (posts: Post[], total = posts.length, hasMore = false): TagPostsResponse => ({
  success: true,
  data: posts,
  pagination: { currentPage: 1, limit: 10, total, totalPages: hasMore ? 2 : 1, hasMore },
});

function openTag(path: string) {
  const store = makeStore({ auth: { ...unauthenticatedState, isAuthenticated: true, accessToken: 'token', userDetails: ME } });
  const router = createMemoryRouter([{ path: '/tags/:tag', element: <TagPage /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('a tag page', () => {
  it('asks for the tag as stored, names the tab after it and lists its posts with their tags linked', async () => {
    const post = buildPost({ author: buildUser({ fullName: 'Ana Tagger' }), content: 'Sunset at #Lisboa' });
    server.on('GET', '/tags/lisboa/posts', () => ({ status: 200, data: tagPage([post], 12, true) }));
    openTag('/tags/LISBOA');
    const list = await screen.findByRole('region', { name: 'Posts tagged #lisboa' });
    const card = within(list).getByRole('article', { name: 'Ana Tagger' });
    expect(within(card).getByRole('link', { name: '#Lisboa' })).toHaveAttribute('href', '/tags/lisboa');
    expect(document.title).toBe('#lisboa · Plaza');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('#lisboa');
    expect(screen.getByText('12 posts with this tag, newest first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/tags/lisboa/posts').map((c) => c.params)).toEqual([{ page: 1, limit: 10 }]);
  });

  it('says when no post carries the tag yet', async () => {
    server.on('GET', '/tags/quiet/posts', () => ({ status: 200, data: tagPage([]) }));
    openTag('/tags/quiet');
    expect(await screen.findByText('No posts with #quiet yet')).toBeInTheDocument();
  });

  it('says what failed and tries again on request', async () => {
    let fail = true;
    server.on('GET', '/tags/flaky/posts', () => (fail ? { status: 500, data: {} } : { status: 200, data: tagPage([buildPost()]) }));
    openTag('/tags/flaky');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch posts with this tag');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('tells a name that cannot be a tag apart, without asking the server', async () => {
    openTag('/tags/2024');
    expect(await screen.findByText('This is not a tag')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
