/**
 * Where a person's connection status lives in the cache, and the one function that changes it there.
 *
 * Every cached answer that shows people with a status (network pages, suggestions, a visited profile, a
 * status check) follows one rule: it keeps the status on the person object as `connectionStatus`, and it
 * tags each person it holds `{ type: <its tag>, id: userId }`. So this module finds every such answer by
 * tag and rewrites the status in place, without knowing the lists, and the lists depend on connections,
 * never the other way round.
 */
import type { ConnectionStatus } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '@reduxjs/toolkit/query';
import { plazaApi, type TAG_TYPES } from '../../api/plaza-api';

/** A person as the lists that show a connection button hold them. */
export interface PersonWithStatus {
  _id: string;
  connectionStatus: ConnectionStatus;
}

type TagType = (typeof TAG_TYPES)[number];

/** The tag types under which cached answers hold people with a status. */
export const PEOPLE_TAGS = ['Network', 'Suggestions', 'Profile', 'Connection', 'Requests'] as const satisfies readonly TagType[];
export type PeopleTag = (typeof PEOPLE_TAGS)[number];

/** The per-person tags a list provides so its people can be found here. */
export const personTags = <T extends PeopleTag>(type: T, people: ReadonlyArray<{ _id: string }>) =>
  people.map((person) => ({ type, id: person._id }));

/** What an optimistic change needs back to take itself back. */
export interface Undoable {
  undo(): void;
}

export type ApiState = RootState<Record<never, never>, TagType, typeof plazaApi.reducerPath>;

function setStatusIn(node: unknown, userId: string, status: ConnectionStatus): void {
  if (Array.isArray(node)) {
    for (const item of node) setStatusIn(item, userId, status);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record._id === userId && 'connectionStatus' in record) record.connectionStatus = status;
  for (const value of Object.values(record)) if (typeof value === 'object') setStatusIn(value, userId, status);
}

/**
 * Shows `status` for `userId` in every cached answer that holds them; returns the patches so an
 * optimistic change can be undone.
 */
export const writeConnectionStatus =
  (userId: string, status: ConnectionStatus): ThunkAction<Undoable[], ApiState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const holders = plazaApi.util.selectInvalidatedBy(
      getState(),
      PEOPLE_TAGS.map((type) => ({ type, id: userId })),
    );
    return holders.map(({ endpointName, originalArgs }) =>
      // The endpoints are found at run time by their tags, so their names and shapes are not known
      // to the type checker here; the recipe is written for any shape.
      dispatch(
        plazaApi.util.updateQueryData(endpointName as never, originalArgs as never, (draft: unknown) => setStatusIn(draft, userId, status)),
      ),
    );
  };
