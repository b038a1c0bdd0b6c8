import { PAGE_SIZES } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, networkPage, networkUser, signedInStore, suggestionsAnswer } from '../connections/testing';
import NetworkPage from './NetworkPage';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.on('GET', '/users/suggested-users', suggestionsAnswer([]));
});

function renderPage() {
  render(
    <Provider store={signedInStore()}>
      <MemoryRouter>
        <NetworkPage />
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}

const names = () =>
  within(screen.getByRole('list', { name: 'People' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));
const networkCalls = () => server.calls('GET', '/users/network').map((r) => r.params);

describe('the network page (product.md § Network and connections)', () => {
  it('asks for page 1 of the size in product.md § Constants and limits and says how many people there are', async () => {
    server.on('GET', '/users/network', networkPage([networkUser({ fullName: 'Ada Byron' })], 1, false, 1));
    renderPage();
    expect(await screen.findByRole('article', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(screen.getByText('1 person on Plaza')).toBeInTheDocument();
    expect(networkCalls()).toEqual([{ page: 1, limit: PAGE_SIZES.network }]);
  });

  it('Load more appends the next page without repeating anyone', async () => {
    const [a, b, c] = [networkUser({ fullName: 'A' }), networkUser({ fullName: 'B' }), networkUser({ fullName: 'C' })];
    server.once('GET', '/users/network', networkPage([a, b], 1, true, 3));
    // Someone joined meanwhile, so page 2 repeats b.
    server.once('GET', '/users/network', networkPage([b, c], 2, false, 3));
    const user = renderPage();
    await screen.findByRole('article', { name: 'B' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'C' });
    expect(names()).toEqual(['A', 'B', 'C']);
    expect(networkCalls()[1]).toEqual({ page: 2, limit: PAGE_SIZES.network });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('a search starts the list over with the page size after a reset, and finds nobody politely', async () => {
    server.on('GET', '/users/network', (req) => networkPage(req.params.search ? [] : [networkUser({ fullName: 'Zed' })]));
    const user = renderPage();
    await screen.findByRole('article', { name: 'Zed' });
    await user.type(screen.getByLabelText('Search your network'), '  qq ');
    expect(await screen.findByRole('heading', { name: 'No people found' })).toBeInTheDocument();
    expect(screen.getByText('Nobody matches “qq”. Try another name or user name.')).toBeInTheDocument();
    expect(networkCalls().at(-1)).toEqual({ page: 1, limit: PAGE_SIZES.networkAfterReset, search: 'qq' });
    expect(screen.queryByRole('article', { name: 'Zed' })).not.toBeInTheDocument();
  });

  it('an empty Plaza says so', async () => {
    server.on('GET', '/users/network', networkPage([]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No one else is here yet' })).toBeInTheDocument();
  });

  it("a failure shows the server's words with Try again; a failed next page keeps the list", async () => {
    server.once('GET', '/users/network', failure(500, 'The database is asleep.'));
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is asleep.');
    server.once('GET', '/users/network', networkPage([networkUser({ fullName: 'Back' })], 1, true, 11));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Back' });
    server.once('GET', '/users/network', failure(503, ''));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
    expect(names()).toEqual(['Back']);
  });
});
