import { describe, expect, it } from 'vitest';
import { logoutUser, resetAuth } from '../auth';
import reducer, {
  connectionChanged,
  connectionFailed,
  conversationClosed,
  conversationOpened,
  initialChatState,
  reconnectAttempted,
} from './chatSlice';
import { BOB, person } from './test-chat';

describe('chat screen state', () => {
  it('a connection error shows the text of product.md § Chat until connected again', () => {
    let state = reducer(initialChatState, connectionFailed());
    expect(state.connectionError).toBe('Connection error. Trying to reconnect...');
    expect(state.isConnected).toBe(false);
    state = reducer(state, connectionChanged(true));
    expect(state.connectionError).toBeNull();
    expect(state.isConnected).toBe(true);
  });

  it('a reconnect attempt shows "Attempting to reconnect..."', () => {
    expect(reducer(initialChatState, reconnectAttempted()).reconnectNotice).toBe('Attempting to reconnect...');
  });

  it('opening keeps only what the chat shows of a person; closing forgets them', () => {
    const fromProfile = { ...person(BOB, 'Bob'), email: 'bob@example.test', createdAt: '2025-01-01T00:00:00.000Z' };
    const opened = reducer(initialChatState, conversationOpened(fromProfile));
    expect(opened.openUser).toEqual(person(BOB, 'Bob'));
    expect(reducer(opened, conversationClosed()).openUser).toBeNull();
  });

  it('starts over when the session changes', () => {
    const busy = { ...initialChatState, openUser: person(BOB, 'Bob'), isConnected: true, reconnectNotice: 'Attempting to reconnect...' };
    expect(reducer(busy, resetAuth())).toEqual(initialChatState);
    expect(reducer(busy, logoutUser.fulfilled({ success: true }, 'r'))).toEqual(initialChatState);
  });
});
