import { describe, expect, it } from 'vitest';
import { buildChatList } from './chat-list';
import { buildGroupRows, mergeChatList, type GroupListSource, type GroupListSources } from './group-list';
import { at, BOB, CAROL, ME, message, person } from './test-chat';

const DAN = '00000000-0000-4000-8000-00000000000d';
const me = person(ME, 'Me Myself');
const bob = person(BOB, 'Bob Stone');
const carol = person(CAROL, 'Carol King');
const dan = person(DAN, 'Dan Brown');

const group = (id: string, name: string, second: number | null, over: Partial<GroupListSource> = {}): GroupListSource => ({
  _id: id,
  name,
  photo: null,
  members: [me, bob, carol],
  lastMessage: second === null ? null : { senderId: BOB, messageText: `news of ${name}`, createdAt: at(second), kind: 'text' },
  createdAt: at(0),
  unreadCount: 0,
  muted: false,
  ...over,
});

const trip = group('g-trip', 'Trip to Lisbon', 5, { unreadCount: 3 });
const family = group('g-family', 'Family', 1, { members: [me, dan, carol] });

function groups(over: Partial<GroupListSources> = {}) {
  return buildGroupRows({ groups: [family, trip], meId: ME, openId: null, query: '', filter: 'all', typing: {}, ...over });
}

const people = (filter: 'all' | 'unread' | 'groups' = 'all') =>
  buildChatList({
    conversations: [
      { user: bob, lastMessage: message('m3', 3), unreadCount: 1 },
      { user: carol, lastMessage: message('m9', 9, { messageSender: CAROL }), unreadCount: 0 },
    ],
    users: [dan],
    presence: { online: [], typing: [] },
    meId: ME,
    openId: null,
    query: '',
    filter,
  });

const names = (entries: ReturnType<typeof mergeChatList>) =>
  entries.map((e) => (e.kind === 'group' ? `#${e.row.group.name}` : (e.row.user.fullName ?? '')));

describe('groups in the conversation list', () => {
  it('sit among the conversations by their latest message, before people not talked with yet', () => {
    expect(names(mergeChatList(people(), groups(), 'all'))).toEqual(['Carol King', '#Trip to Lisbon', 'Bob Stone', '#Family', 'Dan Brown']);
  });

  it('the Groups filter shows the groups alone', () => {
    expect(names(mergeChatList(people('groups'), groups({ filter: 'groups' }), 'groups'))).toEqual(['#Trip to Lisbon', '#Family']);
  });

  it('the Unread filter keeps the groups and people with unread messages', () => {
    expect(names(mergeChatList(people('unread'), groups({ filter: 'unread' }), 'unread'))).toEqual(['#Trip to Lisbon', 'Bob Stone']);
  });

  it('the open group shows no unread count', () => {
    expect(groups({ openId: 'g-trip' }).find((r) => r.group._id === 'g-trip')?.unreadCount).toBe(0);
  });

  it('search finds a group by its name or by a member', () => {
    expect(groups({ query: 'lisbon' }).map((r) => r.group.name)).toEqual(['Trip to Lisbon']);
    expect(groups({ query: 'DAN' }).map((r) => r.group.name)).toEqual(['Family']);
    expect(groups({ query: 'me myself' })).toEqual([]);
  });

  it('previews the last line with who wrote it, and says who is typing', () => {
    const [tripRow] = groups({ typing: { 'g-trip': [CAROL, ME] } });
    expect(tripRow.preview).toBe('Bob: news of Trip to Lisbon');
    expect(tripRow.typing).toEqual(['Carol']);
    expect(tripRow.others).toEqual(['Bob Stone', 'Carol King']);
  });
});
