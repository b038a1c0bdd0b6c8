import { PAGE_SIZES, type NetworkResponse, type NetworkUser } from '@plaza/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { canceledError, httpError, networkUser, signedInStore } from '../connections/testing';
import { fetchNetwork, resetNetwork } from './networkSlice';

vi.mock('../../api/people', () => ({ peopleApi: { network: vi.fn() } }));

const api = vi.mocked(peopleApi);

function page(users: NetworkUser[], currentPage: number, hasMore: boolean): NetworkResponse {
  return { success: true, data: users, pagination: { currentPage, totalUsers: 30, limit: 10, totalPages: 3, hasMore } };
}

beforeEach(() => vi.resetAllMocks());

describe('network list', () => {
  it('asks for the SPEC §9 page size', async () => {
    const store = signedInStore();
    api.network.mockResolvedValueOnce(page([], 1, false));
    await store.dispatch(fetchNetwork({ page: 1 }));
    expect(api.network).toHaveBeenCalledWith({ page: 1, limit: PAGE_SIZES.network, search: undefined });
  });

  it('page 1 replaces the list; later pages append without duplicates', async () => {
    const store = signedInStore();
    const [a, b, c, d] = [networkUser(), networkUser(), networkUser(), networkUser()];
    api.network.mockResolvedValueOnce(page([a, b], 1, true));
    await store.dispatch(fetchNetwork({ page: 1 }));
    // Someone joined meanwhile, so page 2 repeats b.
    api.network.mockResolvedValueOnce(page([b, c], 2, true));
    await store.dispatch(fetchNetwork({ page: 2 }));
    expect(store.getState().network.users.map((u) => u._id)).toEqual([a._id, b._id, c._id]);
    expect(store.getState().network.pagination.currentPage).toBe(2);

    api.network.mockResolvedValueOnce(page([d], 1, false));
    await store.dispatch(fetchNetwork({ page: 1 }));
    expect(store.getState().network.users.map((u) => u._id)).toEqual([d._id]);
    expect(store.getState().network).toMatchObject({ status: 'succeeded', moreStatus: 'succeeded' });
  });

  it('an answer to an older search never overwrites the newer one', async () => {
    const store = signedInStore();
    const old = networkUser();
    const fresh = networkUser();
    let answerOld!: (v: NetworkResponse) => void;
    api.network.mockReturnValueOnce(new Promise((resolve) => (answerOld = resolve))).mockResolvedValueOnce(page([fresh], 1, false));
    const first = store.dispatch(fetchNetwork({ page: 1, search: 'a' }));
    await store.dispatch(fetchNetwork({ page: 1, search: 'ab' }));
    answerOld(page([old], 1, false));
    await first;
    expect(store.getState().network.users.map((u) => u._id)).toEqual([fresh._id]);
    expect(store.getState().network.search).toBe('ab');
  });

  it('a reset empties the list and uses the page size after reset', async () => {
    const store = signedInStore();
    api.network.mockResolvedValueOnce(page([networkUser()], 1, false));
    await store.dispatch(fetchNetwork({ page: 1 }));
    store.dispatch(resetNetwork());
    expect(store.getState().network).toMatchObject({ users: [], status: 'idle' });
    api.network.mockResolvedValueOnce(page([], 1, false));
    await store.dispatch(fetchNetwork({ page: 1, search: 'x' }));
    expect(api.network).toHaveBeenLastCalledWith({ page: 1, limit: PAGE_SIZES.networkAfterReset, search: 'x' });
  });

  it('a failure is shown, a canceled duplicate is not', async () => {
    const store = signedInStore();
    api.network.mockRejectedValueOnce(canceledError());
    await store.dispatch(fetchNetwork({ page: 1 }));
    expect(store.getState().network.status).toBe('loading');
    api.network.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Something went wrong on our side.' }));
    await store.dispatch(fetchNetwork({ page: 1 }));
    expect(store.getState().network).toMatchObject({ status: 'failed', error: 'Something went wrong on our side.' });
  });
});
