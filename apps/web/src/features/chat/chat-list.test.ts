import { describe, expect, it } from 'vitest';
import { buildChatList, type ChatListSources } from './chat-list';
import { BOB, CAROL, ME, message, person } from './test-chat';

const DAN = '00000000-0000-4000-8000-00000000000d';
const bob = person(BOB, 'Bob Stone');
const carol = person(CAROL, 'Carol King');
const dan = person(DAN, 'Dan Brown');

function list(over: Partial<ChatListSources> = {}) {
  return buildChatList({
    conversations: [
      { user: bob, lastMessage: message('m1', 1), unreadCount: 2 },
      { user: carol, lastMessage: message('m2', 2, { messageSender: CAROL }), unreadCount: 0 },
    ],
    users: [dan, bob, person(ME, 'Me Myself'), dan],
    presence: { online: [DAN], typing: [BOB] },
    meId: ME,
    openId: null,
    query: '',
    filter: 'all',
    ...over,
  });
}

describe('the chat list', () => {
  it('shows conversations by latest message, then everyone else once, never the signed-in user', () => {
    expect(list().map((r) => r.user.fullName)).toEqual(['Carol King', 'Bob Stone', 'Dan Brown']);
  });

  it('carries presence, typing, unread counts and last-message times', () => {
    const [carolRow, bobRow, danRow] = list();
    expect(bobRow).toMatchObject({ unreadCount: 2, typing: true, online: false, lastMessageAt: message('m1', 1).createdAt });
    expect(carolRow.unreadCount).toBe(0);
    expect(danRow).toMatchObject({ online: true, lastMessageAt: null });
  });

  it('the open conversation shows no unread count', () => {
    expect(list({ openId: BOB }).find((r) => r.user._id === BOB)?.unreadCount).toBe(0);
  });

  it('filters names case-insensitively, and by unread', () => {
    expect(list({ query: 'KING' }).map((r) => r.user._id)).toEqual([CAROL]);
    expect(list({ filter: 'unread' }).map((r) => r.user._id)).toEqual([BOB]);
  });
});
