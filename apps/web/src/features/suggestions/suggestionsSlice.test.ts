import { PAGE_SIZES, type SuggestedUser } from '@plaza/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { selectConnectionStatus } from '../connections/connectionsSlice';
import { publicUser, signedInStore } from '../connections/testing';
import { dismissSuggestion, fetchSuggestions } from './suggestionsSlice';

vi.mock('../../api/people', () => ({ peopleApi: { suggestions: vi.fn() } }));

const api = vi.mocked(peopleApi);
const suggested = (): SuggestedUser => ({ ...publicUser(), mutualFriends: 1 });
const answer = (suggestions: SuggestedUser[]) => ({
  success: true as const,
  message: 'ok',
  data: { suggestions, pagination: { currentPage: 1, limit: 5, totalPages: 1, hasMore: false, total: suggestions.length } },
});

beforeEach(() => vi.resetAllMocks());

describe('suggestions', () => {
  it('asks for the first page of the SPEC §9 size and marks everyone not_connected', async () => {
    const store = signedInStore();
    const people = [suggested(), suggested()];
    api.suggestions.mockResolvedValueOnce(answer(people));
    await store.dispatch(fetchSuggestions());
    expect(api.suggestions).toHaveBeenCalledWith(1, PAGE_SIZES.suggestions);
    expect(store.getState().suggestions).toMatchObject({ status: 'succeeded', items: people });
    expect(selectConnectionStatus(store.getState(), people[0]._id, 'friends')).toBe('not_connected');
  });

  it('a dismissed suggestion stays hidden after a refetch', async () => {
    const store = signedInStore();
    const [a, b] = [suggested(), suggested()];
    api.suggestions.mockResolvedValue(answer([a, b]));
    await store.dispatch(fetchSuggestions());
    store.dispatch(dismissSuggestion(a._id));
    expect(store.getState().suggestions.items).toEqual([b]);
    await store.dispatch(fetchSuggestions());
    expect(store.getState().suggestions.items).toEqual([b]);
  });

  it('asks only once while a request is running', async () => {
    const store = signedInStore();
    api.suggestions.mockResolvedValue(answer([]));
    await Promise.all([store.dispatch(fetchSuggestions()), store.dispatch(fetchSuggestions())]);
    expect(api.suggestions).toHaveBeenCalledTimes(1);
  });
});
