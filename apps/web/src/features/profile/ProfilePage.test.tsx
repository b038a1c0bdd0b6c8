import type { Notification, OwnProfileResponse } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionNoticed } from '../connections';
import {
  deferred,
  failure,
  fakeServer,
  me,
  publicUser,
  signedInStore,
  stubResizeObserver,
  visitedAnswer,
  type Reply,
} from '../connections/testing';
import ProfilePage from './ProfilePage';

stubResizeObserver();
// The posts under a profile are the posts feature's; here only the header matters.
vi.mock('./ProfilePostsSection', () => ({ ProfilePostsSection: () => null }));

const bob = publicUser({ _id: 'bob', userName: 'bob', fullName: 'Bob Builder' });
const ownAnswer = (friends = 0) => ({
  data: { success: true, data: { user: me, stats: { posts: 1, friends } } } satisfies OwnProfileResponse,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});

function renderProfile(visited: string, store = signedInStore()) {
  const router = createMemoryRouter([{ path: '/network/u/profile/:visitor/visited/:visitedUser', element: <ProfilePage /> }], {
    initialEntries: [`/network/u/profile/ada/visited/${visited}`],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup() };
}

const stat = (label: string) =>
  within(screen.getByRole('region', { name: 'Profile' })).getByText(label, { selector: 'dt' }).previousSibling?.textContent;

describe('the profile page', () => {
  it("the signed-in user's own name (any case) loads the own profile, with an Edit button", async () => {
    server.on('GET', '/users/u/profile/ada', ownAnswer(3));
    renderProfile('ADA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit profile/ })).toBeInTheDocument();
    expect(stat('Friends')).toBe('3');
    expect(screen.queryByText('Mutual friends')).not.toBeInTheDocument();
  });

  it('another name loads the visited profile with its connection action and mutual friends', async () => {
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'request_received'));
    renderProfile('bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(stat('Mutual friends')).toBe('2');
  });

  it('a person of another server shows where they live, a link to their page there, and no join date', async () => {
    const bo = publicUser({
      _id: 'bo',
      userName: 'bo@social.example',
      fullName: 'Bo Remote',
      remote: true,
      profileUrl: 'https://social.example/@bo',
    });
    server.on('GET', '/users/u/profile/ada/visited/bo%40social.example', visitedAnswer(bo, 'not_connected'));
    renderProfile('bo@social.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo Remote' })).toBeInTheDocument();
    // The host is isolated left to right, so it reads whole inside a right-to-left sentence too.
    expect(screen.getByText('On \u2066social.example\u2069, another server')).toBeInTheDocument();
    // The handle stays left to right in an Arabic page, its @ in front.
    expect(screen.getByText('@bo@social.example')).toHaveAttribute('dir', 'ltr');
    const there = screen.getByRole('link', { name: 'View on their server (opens in a new tab)' });
    expect(there).toHaveAttribute('href', 'https://social.example/@bo');
    expect(there).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Only what Bo Remote shared with this server shows here.')).toBeInTheDocument();
    expect(screen.queryByText(/^Joined/)).not.toBeInTheDocument();
  });

  it('an unknown user is a page of its own', async () => {
    server.on('GET', '/users/u/profile/ada/visited/nobody', failure(404, 'This user does not exist.'));
    renderProfile('nobody');
    expect(await screen.findByRole('heading', { name: "This person doesn't exist" })).toBeInTheDocument();
    expect(screen.getByText(/There is no one called @nobody on Plaza/)).toBeInTheDocument();
  });

  it('an own profile answer without success true is a failure with the text of product.md § Profiles, and Try again asks again', async () => {
    server.once('GET', '/users/u/profile/ada', { data: { success: false } });
    const { user } = renderProfile('ada');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user profile');
    server.once('GET', '/users/u/profile/ada', ownAnswer());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it("accepting on the profile makes Bob a friend at once, then shows the server's new friend count", async () => {
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'request_received', 4));
    const answer = deferred<Reply>();
    server.once('POST', '/users/follow/friend-request/accept', () => answer.promise);
    const { user } = renderProfile('bob');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: /Friends/ })).toBeInTheDocument();
    expect(stat('Friends')).toBe('4');
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'friends', 5));
    answer.resolve({ data: { success: true, message: 'ok', targetUserId: 'bob', status: 'friends' } });
    await vi.waitFor(() => expect(stat('Friends')).toBe('5'));
    expect(screen.getByRole('button', { name: /Friends/ })).toBeInTheDocument();
  });

  it('a live acceptance from the person on screen makes them a friend and raises the count once', async () => {
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'request_sent', 4));
    const { store } = renderProfile('bob');
    await screen.findByRole('button', { name: 'Cancel request' });
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'friends', 5));
    const accepted: Notification = {
      _id: 'n1',
      type: 'friend_accept',
      actor: bob,
      entityId: null,
      text: 'Bob accepted',
      read: false,
      createdAt: new Date().toISOString(),
    };
    store.dispatch(connectionNoticed(accepted));
    expect(await screen.findByRole('button', { name: /Friends/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(stat('Friends')).toBe('5'));
  });

  it("another person's page never shows the previous one while it loads", async () => {
    server.on('GET', '/users/u/profile/ada/visited/bob', visitedAnswer(bob, 'friends'));
    server.on('GET', '/users/u/profile/ada/visited/carol', () => new Promise(() => {}));
    const { router } = renderProfile('bob');
    await screen.findByRole('heading', { level: 1, name: 'Bob Builder' });
    void router.navigate('/network/u/profile/ada/visited/carol');
    expect(await screen.findByLabelText('Loading profile')).toBeInTheDocument();
    expect(screen.queryByText('Bob Builder')).not.toBeInTheDocument();
  });
});
