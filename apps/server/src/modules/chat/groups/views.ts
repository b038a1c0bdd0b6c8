/**
 * Group conversations as their members see them: one page of group keys → the groups, their members,
 * the people, the last messages and the unread counts in a fixed number of batched queries → present.
 */
import type { GroupConversation, GroupReadPosition, PublicUser } from '@plaza/contract';
import type { Db } from '../../../db';
import { notHidden } from '../../safety';
import { presentPublicUser, userRepo } from '../../users';
import { presentWithMentions } from '../message-mentions';
import { chatRepo } from '../repo';
import { presentGroupMessage } from './presenters';
import { groupRepo, type GroupDepartureRow, type GroupMemberRow } from './repo';

/** What every member sees alike; `unreadCount` and `muted` are each member's own. */
type Shared = Omit<GroupConversation, 'unreadCount' | 'muted'>;

// Long: a factory; each view is short and shares the repositories made once here.
export function groupViews(db: Db) {
  const groups = groupRepo(db);
  const messages = chatRepo(db);
  const users = userRepo(db);

  /** The shared part of each group, given its last message id; groups without one are left out. */
  async function shared(lastIds: ReadonlyMap<string, string>): Promise<{ views: Map<string, Shared>; members: GroupMemberRow[] }> {
    const ids = [...lastIds.keys()];
    const [rows, members, lasts] = await Promise.all([
      groups.groupsByIds(ids),
      groups.membersOf(ids),
      messages.messagesByKeys([...lastIds].map(([pairKey, id]) => ({ pairKey, id }))),
    ]);
    const [people, lastMessages] = await Promise.all([
      users.findByIdsWithDeleted([...new Set(members.map((m) => m.user_id))]),
      presentWithMentions(db, lasts, presentGroupMessage),
    ]);
    const personById = new Map<string, PublicUser>(people.map((u) => [u.id, presentPublicUser(u)]));
    const lastById = new Map(lastMessages.map((m) => [m._id, m]));
    const views = new Map<string, Shared>();
    for (const g of rows) {
      const last = lastById.get(lastIds.get(g.pair_key) ?? '');
      if (!last) continue;
      const own = members.filter((m) => m.conversation_key === g.pair_key);
      views.set(g.pair_key, {
        kind: 'group',
        _id: g.pair_key,
        name: g.name ?? '',
        photo: g.photo_url ?? null,
        members: own.flatMap((m) => personById.get(m.user_id) ?? []),
        lastMessage: last,
        createdBy: g.created_by ?? '',
        admins: own.filter((m) => m.role === 'admin').map((m) => m.user_id),
        reads: own.map((m): GroupReadPosition => ({ userId: m.user_id, seq: Number(m.read_seq) })),
        createdAt: g.created_at,
      });
    }
    return { views, members };
  }

  /**
   * The last message of the group `viewerId` may see: from someone not hidden from them, and, for someone
   * no longer in the group, at or before the line that says they went (`upToSeq`).
   */
  async function lastVisible(id: string, viewerId: string, now: string, upToSeq?: number): Promise<string | undefined> {
    const [last] = await messages.history(id, undefined, 1, { senders: (column) => notHidden(db, column, viewerId, now), upToSeq });
    return last?.id;
  }

  return {
    /** The groups of `lastIds` (group key → id of its last message the viewer may see) as `viewerId` sees them. */
    async forViewer(viewerId: string, lastIds: ReadonlyMap<string, string>, now: string): Promise<Map<string, GroupConversation>> {
      const [{ views, members }, unread] = await Promise.all([
        shared(lastIds),
        groups.unreadCounts([...lastIds.keys()], { id: viewerId, now }),
      ]);
      const out = new Map<string, GroupConversation>();
      for (const [id, view] of views) {
        const mine = members.find((m) => m.conversation_key === id && m.user_id === viewerId);
        if (!mine) continue;
        out.set(id, { ...view, unreadCount: unread.get(`${id} ${viewerId}`) ?? 0, muted: Number(mine.muted) === 1 });
      }
      return out;
    },

    /** One group as each of its members sees it (for `conversationUpdate`), with its last message. */
    async forMembers(id: string): Promise<Map<string, GroupConversation>> {
      const [last] = await messages.history(id, undefined, 1);
      const out = new Map<string, GroupConversation>();
      if (!last) return out;
      const [{ views, members }, unread] = await Promise.all([shared(new Map([[id, last.id]])), groups.unreadCounts([id])]);
      const view = views.get(id);
      if (!view) return out;
      for (const m of members)
        out.set(m.user_id, { ...view, unreadCount: unread.get(`${id} ${m.user_id}`) ?? 0, muted: Number(m.muted) === 1 });
      return out;
    },

    lastVisible,

    /**
     * The group as someone who left or was removed sees it: the members who were there with them (and still
     * are), no read positions or unread count, the last message they may read, and why they are no longer in it.
     */
    async forFormerMember(departure: GroupDepartureRow, now: string): Promise<GroupConversation | undefined> {
      const id = departure.conversation_key;
      const last = await lastVisible(id, departure.user_id, now, Number(departure.seq));
      if (!last) return undefined;
      const { views, members } = await shared(new Map([[id, last]]));
      const view = views.get(id);
      if (!view) return undefined;
      const stayed = new Set(members.filter((m) => m.joined_at <= departure.departed_at).map((m) => m.user_id));
      return {
        ...view,
        members: view.members.filter((m) => stayed.has(m._id)),
        admins: view.admins.filter((a) => stayed.has(a)),
        reads: [],
        unreadCount: 0,
        muted: false,
        gone: departure.reason,
      };
    },
  };
}
