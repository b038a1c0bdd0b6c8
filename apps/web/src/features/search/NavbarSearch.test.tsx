import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { FoundTag, PublicUser, TrendingTag } from '@plaza/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, fakeServer, publicUser, signedInStore, type Reply } from '../connections/testing';
import { NavbarSearch } from './NavbarSearch';

let server: ReturnType<typeof fakeServer>;
const found = (users: PublicUser[]): Reply => ({ data: { success: true, users } });
const foundTags = (tags: FoundTag[]): Reply => ({ data: { success: true, tags } });
const trendingAnswer = (data: TrendingTag[]): Reply => ({ data: { success: true, data } });
const searches = () => server.calls('GET', '/search/users').map((r) => r.params.query);
const tagSearches = () => server.calls('GET', '/search/tags').map((r) => r.params.query);
const grace = publicUser({ userName: 'grace', fullName: 'Grace Hopper' });
const greta = publicUser({ userName: 'greta', fullName: 'Greta Garbo' });
const gregor = publicUser({ userName: 'gregor', fullName: 'Gregor Mendel' });

function Visited() {
  const { visitor, visitedUser } = useParams();
  return (
    <p>
      profile of {visitedUser} seen by {visitor}
    </p>
  );
}

function TagPage() {
  return <p>tag page of {useParams().tag}</p>;
}

/** Whether the window is as wide as the feed's side column needs (1280 px). */
function setWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('1280'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/feeds', element: <NavbarSearch /> },
      { path: '/network/u/profile/:visitor/visited/:visitedUser', element: <Visited /> },
      { path: '/tags/:tag', element: <TagPage /> },
    ],
    { initialEntries: ['/feeds'] },
  );
  render(
    <Provider store={signedInStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { input: screen.getByRole('combobox', { name: 'Search people and tags' }), user: userEvent.setup() };
}

beforeEach(() => {
  server = fakeServer();
  server.on('GET', '/search/tags', foundTags([]));
  server.on('GET', '/tags/trending', trendingAnswer([]));
  setWide(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('NavbarSearch', () => {
  it('lists matches after the debounce and walks them with the arrow keys, Enter opens the profile', async () => {
    server.on('GET', '/search/users', found([grace, greta, gregor]));
    const { input, user } = renderSearch();
    await user.type(input, 'gr');
    const options = await screen.findAllByRole('option');
    expect(searches()).toEqual(['gr']);
    expect(options.map((o) => o.textContent)).toEqual(['GGrace Hopper@grace', 'GGreta Garbo@greta', 'GGregor Mendel@gregor']);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(await screen.findByText('profile of greta seen by ada')).toBeInTheDocument();
  });

  it('Esc closes the list, a second Esc clears the text', async () => {
    server.on('GET', '/search/users', found([grace]));
    const { input, user } = renderSearch();
    await user.type(input, 'grace');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('grace');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('an answer that comes late for an earlier query is never shown for the newer one', async () => {
    const late = deferred<Reply>();
    server.once('GET', '/search/users', () => late.promise);
    server.once('GET', '/search/users', found([greta]));
    const { input, user } = renderSearch();
    await user.type(input, 'gr');
    await waitFor(() => expect(searches()).toEqual(['gr']));
    await user.type(input, 'e');
    expect(await screen.findByRole('option', { name: /Greta Garbo/ })).toBeInTheDocument();
    late.resolve(found([grace]));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.queryByRole('option', { name: /Grace Hopper/ })).not.toBeInTheDocument();
  });

  it('clicking a result opens that profile', async () => {
    server.on('GET', '/search/users', found([grace, greta]));
    const { input, user } = renderSearch();
    await user.type(input, 'gr');
    await user.click(await screen.findByRole('option', { name: /Greta Garbo/ }));
    expect(await screen.findByText('profile of greta seen by ada')).toBeInTheDocument();
  });

  it('says so when nobody matches, and shows the text of product.md § Search when the search fails', async () => {
    server.once('GET', '/search/users', found([]));
    const { input, user } = renderSearch();
    await user.type(input, 'zz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    server.once('GET', '/search/users', failure(500, 'Boom'));
    await user.type(input, 'z');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search users');
    expect(searches()).toEqual(['zz', 'zzz']);
  });

  it('shows a loading state while waiting', async () => {
    server.on('GET', '/search/users', () => new Promise<Reply>(() => {}));
    const { input, user } = renderSearch();
    await user.type(input, 'g');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await waitFor(() => expect(searches()).toEqual(['g']));
    expect(screen.getByText('Searching…')).toBeInTheDocument();
  });

  it('lists the tags found after the people, and the arrows go on into them; Enter opens the tag page', async () => {
    server.on('GET', '/search/users', found([grace]));
    server.on('GET', '/search/tags', foundTags([{ tag: 'grace_notes', posts: 3 }]));
    const { input, user } = renderSearch();
    await user.type(input, 'grace');
    const tags = await screen.findByRole('listbox', { name: 'Tags found' });
    expect(within(tags).getByRole('option').textContent).toBe('#grace_notes3 posts');
    expect(tagSearches()).toEqual(['grace']);
    expect(input.getAttribute('aria-controls')?.split(' ')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(tags).getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('tag page of grace_notes')).toBeInTheDocument();
  });

  it('looks for tags only when the text starts with #, and says when there are none', async () => {
    server.on('GET', '/search/tags', ({ params }) => foundTags(params.query === '#sun' ? [{ tag: 'sunrise', posts: 1 }] : []));
    const { input, user } = renderSearch();
    await user.type(input, '#zzz');
    expect(await screen.findByText('No tags found')).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'People found' })).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '#sun');
    await user.click(await screen.findByRole('option', { name: /#sunrise/ }));
    expect(await screen.findByText('tag page of sunrise')).toBeInTheDocument();
    expect(searches()).toEqual([]);
  });

  it('opened empty where the feed has no side column, lists the trending tags', async () => {
    setWide(false);
    server.on('GET', '/tags/trending', trendingAnswer([{ tag: 'lisboa', people: 3, posts: 5 }]));
    const { input, user } = renderSearch();
    await user.click(input);
    const list = await screen.findByRole('listbox', { name: 'Trending tags' });
    expect((await within(list).findByRole('option')).textContent).toBe('#lisboa3 people · 5 posts');
    // Enter alone does not jump to the first trending tag; picked with the arrows, it does.
    await user.keyboard('{Enter}');
    expect(screen.queryByText(/tag page of/)).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('tag page of lisboa')).toBeInTheDocument();
  });

  it('opened empty on a wide screen shows nothing, as the feed lists the trending tags beside it', async () => {
    const { input, user } = renderSearch();
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(server.calls('GET', '/tags/trending')).toHaveLength(0);
  });
});
