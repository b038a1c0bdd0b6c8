/** SQL for group conversations: their rows in `conversations` and their members in `group_members`. */
import type { Db } from '../../../db';
import type { GroupDeparturesTable, GroupMembersTable } from '../../../db/tables/chat';
import { notHidden } from '../../safety';

export type GroupMemberRow = GroupMembersTable;
export type GroupDepartureRow = GroupDeparturesTable;

// Long: a repository; each method is one short query.
export function groupRepo(db: Db) {
  return {
    /** A new group's row (its creator in both user columns, so the foreign keys hold). */
    async insertGroup(g: { id: string; name: string; createdBy: string; createdAt: string }): Promise<void> {
      await db
        .insertInto('conversations')
        .values({
          pair_key: g.id,
          user_low: g.createdBy,
          user_high: g.createdBy,
          created_at: g.createdAt,
          last_seq: 0,
          kind: 'group',
          name: g.name,
          photo_url: null,
          created_by: g.createdBy,
        })
        .execute();
    },

    findGroup(id: string) {
      return db
        .selectFrom('conversations')
        .select(['pair_key', 'name', 'photo_url', 'created_by', 'created_at', 'last_seq'])
        .where('pair_key', '=', id)
        .where('kind', '=', 'group')
        .executeTakeFirst();
    },

    groupsByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('conversations')
        .select(['pair_key', 'name', 'photo_url', 'created_by', 'created_at', 'last_seq'])
        .where('pair_key', 'in', ids)
        .where('kind', '=', 'group')
        .execute();
    },

    async setName(id: string, name: string): Promise<void> {
      await db.updateTable('conversations').set({ name }).where('pair_key', '=', id).where('kind', '=', 'group').execute();
    },

    async setPhoto(id: string, photoUrl: string | null): Promise<void> {
      await db.updateTable('conversations').set({ photo_url: photoUrl }).where('pair_key', '=', id).where('kind', '=', 'group').execute();
    },

    /** Adds members; people already in the group are skipped. Answers the ids added. */
    async addMembers(id: string, userIds: readonly string[], role: GroupMemberRow['role'], at: string): Promise<string[]> {
      if (userIds.length === 0) return [];
      const added = await db
        .insertInto('group_members')
        .values(userIds.map((user_id) => ({ conversation_key: id, user_id, role, joined_at: at, read_seq: 0, muted: 0 })))
        .onConflict((oc) => oc.columns(['conversation_key', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      return added.map((r) => r.user_id);
    },

    async makeAdmin(id: string, userId: string): Promise<void> {
      await db
        .updateTable('group_members')
        .set({ role: 'admin' })
        .where('conversation_key', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    async removeMember(id: string, userId: string): Promise<boolean> {
      const res = await db.deleteFrom('group_members').where('conversation_key', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    membership(id: string, userId: string) {
      return db.selectFrom('group_members').selectAll().where('conversation_key', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    /** Every member of the groups, by group then join order. */
    membersOf(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as GroupMemberRow[]);
      return db
        .selectFrom('group_members')
        .selectAll()
        .where('conversation_key', 'in', ids)
        .orderBy('conversation_key')
        .orderBy('joined_at')
        .execute();
    },

    /**
     * The members a message of `senderId` reaches: everyone in the group but the people on the other side
     * of a block with the sender (either way) and the suspended. One query per send.
     */
    async audienceOf(id: string, senderId: string, now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('group_members')
        .select('user_id')
        .where('conversation_key', '=', id)
        .where(notHidden(db, 'user_id', senderId, now))
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Remembers that someone left or was removed, at the system line `seq` that says so (their latest departure). */
    async recordDeparture(d: GroupDepartureRow): Promise<void> {
      await db
        .insertInto('group_departures')
        .values(d)
        .onConflict((oc) =>
          oc.columns(['conversation_key', 'user_id']).doUpdateSet({ reason: d.reason, seq: d.seq, departed_at: d.departed_at }),
        )
        .execute();
    },

    /** People added (again): they are members, no longer former ones. */
    async forgetDepartures(id: string, userIds: readonly string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.deleteFrom('group_departures').where('conversation_key', '=', id).where('user_id', 'in', userIds).execute();
    },

    departure(id: string, userId: string) {
      return db
        .selectFrom('group_departures')
        .selectAll()
        .where('conversation_key', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Moves the member's read position forward to `seq` (never back); false when it was there already. */
    async readUpTo(id: string, userId: string, seq: number): Promise<boolean> {
      const res = await db
        .updateTable('group_members')
        .set({ read_seq: seq })
        .where('conversation_key', '=', id)
        .where('user_id', '=', userId)
        .where('read_seq', '<', seq)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async setMuted(id: string, userId: string, muted: boolean): Promise<void> {
      await db
        .updateTable('group_members')
        .set({ muted: muted ? 1 : 0 })
        .where('conversation_key', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Per group, the messages after each member's read position written by others: for one reader
     * (`reader.id`, leaving out senders hidden from them at `now`; with `textOnly`, system lines too) or,
     * without one, for every member.
     */
    async unreadCounts(ids: readonly string[], reader?: { id: string; now: string; textOnly?: boolean }): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('group_members as gm')
        .innerJoin('messages as m', (j) =>
          j.onRef('m.pair_key', '=', 'gm.conversation_key').onRef('m.seq', '>', 'gm.read_seq').onRef('m.sender_id', '<>', 'gm.user_id'),
        )
        .select(['gm.conversation_key', 'gm.user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('gm.conversation_key', 'in', ids)
        .$if(reader !== undefined, (q) =>
          q.where('gm.user_id', '=', reader!.id).where(notHidden(db, 'm.sender_id', reader!.id, reader!.now)),
        )
        .$if(reader?.textOnly === true, (q) => q.where('m.system', 'is', null))
        .groupBy(['gm.conversation_key', 'gm.user_id'])
        .execute();
      return new Map(rows.map((r) => [`${r.conversation_key} ${r.user_id}`, Number(r.n)]));
    },

    /** The group's message with the highest seq at or below `seq` (or the last one), for a read position. */
    lastMessageUpTo(id: string, seq?: number) {
      return db
        .selectFrom('messages')
        .select(['id', 'seq'])
        .where('pair_key', '=', id)
        .$if(seq !== undefined, (q) => q.where('seq', '<=', seq!))
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The user's places in the groups they are in (data export). */
    membershipsOf(userId: string) {
      return db.selectFrom('group_members').selectAll().where('user_id', '=', userId).execute();
    },

    /** What the user wrote in groups, system lines left out, by group then oldest first (data export). */
    ownMessages(userId: string) {
      // A group message is the one kind that names its sender as receiver too.
      return db
        .selectFrom('messages')
        .select(['pair_key', 'id', 'text', 'created_at'])
        .where('sender_id', '=', userId)
        .where('receiver_id', '=', userId)
        .where('system', 'is', null)
        .orderBy('pair_key')
        .orderBy('id')
        .execute();
    },

    /**
     * Hands a deleted account's group messages and the groups it created over to the placeholder account,
     * and takes the account out of every group (it left).
     */
    async handOver(fromId: string, toId: string): Promise<void> {
      // A group message is the one kind that names its sender as receiver too.
      await db
        .updateTable('messages')
        .set({ sender_id: toId, receiver_id: toId })
        .where('sender_id', '=', fromId)
        .where('receiver_id', '=', fromId)
        .execute();
      await db
        .updateTable('conversations')
        .set({ user_low: toId, user_high: toId, created_by: toId })
        .where('kind', '=', 'group')
        .where('user_low', '=', fromId)
        .execute();
      await db.deleteFrom('group_members').where('user_id', '=', fromId).execute();
      await db.deleteFrom('group_departures').where('user_id', '=', fromId).execute();
    },

    /** Whether the user is in a group or wrote in one. */
    async takesPartInGroups(userId: string): Promise<boolean> {
      const member = await db.selectFrom('group_members').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
      if (member) return true;
      const wrote = await db
        .selectFrom('messages')
        .select('id')
        .where('sender_id', '=', userId)
        .where('receiver_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return wrote !== undefined;
    },
  };
}
