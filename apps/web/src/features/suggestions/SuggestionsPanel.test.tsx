import { PAGE_SIZES } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { plazaApi } from '../../api/plaza-api';
import { failure, fakeServer, publicUser, signedInStore, suggestionsAnswer } from '../connections/testing';
import { dismissSuggestion } from './dismissedSlice';
import { SuggestionsPanel } from './SuggestionsPanel';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});

function renderPanels(store = signedInStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SuggestionsPanel layout="list" />
        <SuggestionsPanel layout="strip" />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

const listed = (layout: 'list' | 'strip') => {
  const lists = screen.getAllByRole('list', { name: 'Suggested people' });
  return within(lists[layout === 'list' ? 0 : 1])
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link').textContent);
};

describe('suggestions (product.md § Suggestions)', () => {
  it('both layouts share one request for the first page of the size in product.md § Suggestions, with mutual friends', async () => {
    server.on('GET', '/users/suggested-users', suggestionsAnswer([publicUser({ fullName: 'Grace' }), publicUser({ fullName: 'Alan' })]));
    renderPanels();
    expect(await screen.findAllByText('1 mutual friend')).toHaveLength(4);
    expect(listed('list')).toEqual(['Grace', 'Alan']);
    expect(listed('strip')).toEqual(['Grace', 'Alan']);
    expect(server.calls('GET', '/users/suggested-users').map((r) => r.params)).toEqual([{ page: 1, limit: PAGE_SIZES.suggestions }]);
  });

  it('a dismissed suggestion stays hidden after a refetch', async () => {
    const [grace, alan] = [publicUser({ fullName: 'Grace' }), publicUser({ fullName: 'Alan' })];
    server.on('GET', '/users/suggested-users', suggestionsAnswer([grace, alan]));
    const { store, user } = renderPanels();
    await user.click((await screen.findAllByRole('button', { name: 'Dismiss Grace' }))[0]);
    expect(listed('list')).toEqual(['Alan']);
    store.dispatch(plazaApi.util.invalidateTags([{ type: 'Suggestions', id: 'LIST' }]));
    await expect.poll(() => server.calls('GET', '/users/suggested-users').length).toBe(2);
    expect(listed('list')).toEqual(['Alan']);
    expect(listed('strip')).toEqual(['Alan']);
  });

  it('what one person dismissed is forgotten when the cache starts over for someone else', () => {
    const store = signedInStore();
    store.dispatch(dismissSuggestion('grace'));
    expect(store.getState().dismissedSuggestions.ids).toEqual(['grace']);
    store.dispatch(plazaApi.util.resetApiState());
    expect(store.getState().dismissedSuggestions.ids).toEqual([]);
  });

  it('Add friend on a suggestion turns into Cancel request in both layouts', async () => {
    const grace = publicUser({ fullName: 'Grace' });
    server.on('GET', '/users/suggested-users', suggestionsAnswer([grace]));
    server.once('POST', '/users/follow/friend-request/send', {
      data: { success: true, message: 'ok', targetUserId: grace._id, status: 'request_sent' },
    });
    const { user } = renderPanels();
    await user.click((await screen.findAllByRole('button', { name: 'Add friend' }))[0]);
    expect(await screen.findAllByRole('button', { name: 'Cancel request' })).toHaveLength(2);
  });

  it('a failure offers Try again (the strip stays out of the way); an empty answer says so in the list and hides the strip', async () => {
    server.once('GET', '/users/suggested-users', failure(500, 'Suggestions are resting.'));
    const { user } = renderPanels();
    expect(await screen.findByText(/Suggestions are resting\./)).toBeInTheDocument();
    server.once('GET', '/users/suggested-users', suggestionsAnswer([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No suggestions right now. Check back as more people join.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'People you may know' })).toHaveLength(1);
  });
});
