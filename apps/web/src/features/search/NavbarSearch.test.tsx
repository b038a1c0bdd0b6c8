import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { httpError, publicUser, signedInStore } from '../connections/testing';
import { NavbarSearch } from './NavbarSearch';

vi.mock('../../api/people', () => ({ peopleApi: { searchUsers: vi.fn() } }));

const api = vi.mocked(peopleApi);
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

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/feeds', element: <NavbarSearch /> },
      { path: '/network/u/profile/:visitor/visited/:visitedUser', element: <Visited /> },
    ],
    { initialEntries: ['/feeds'] },
  );
  render(
    <Provider store={signedInStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { input: screen.getByRole('combobox', { name: 'Search people' }), user: userEvent.setup() };
}

beforeEach(() => vi.resetAllMocks());

describe('NavbarSearch', () => {
  it('lists matches after the debounce and walks them with the arrow keys, Enter opens the profile', async () => {
    api.searchUsers.mockResolvedValue([grace, greta, gregor]);
    const { input, user } = renderSearch();
    await user.type(input, 'gr');
    const options = await screen.findAllByRole('option');
    expect(api.searchUsers).toHaveBeenCalledTimes(1);
    expect(api.searchUsers).toHaveBeenCalledWith('gr');
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
    api.searchUsers.mockResolvedValue([grace]);
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

  it('clicking a result opens that profile', async () => {
    api.searchUsers.mockResolvedValue([grace, greta]);
    const { input, user } = renderSearch();
    await user.type(input, 'gr');
    await user.click(await screen.findByRole('option', { name: /Greta Garbo/ }));
    expect(await screen.findByText('profile of greta seen by ada')).toBeInTheDocument();
  });

  it('says so when nobody matches, and shows the SPEC §8 text when the search fails', async () => {
    api.searchUsers.mockResolvedValueOnce([]);
    const { input, user } = renderSearch();
    await user.type(input, 'zz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    api.searchUsers.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Boom' }));
    await user.type(input, 'z');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search users');
  });

  it('shows a loading state while waiting', async () => {
    api.searchUsers.mockReturnValue(new Promise(() => {}));
    const { input, user } = renderSearch();
    await user.type(input, 'g');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await waitFor(() => expect(api.searchUsers).toHaveBeenCalledWith('g'));
    expect(screen.getByText('Searching…')).toBeInTheDocument();
  });
});
