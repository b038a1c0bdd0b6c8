/**
 * Group conversation rules (product.md § Group conversations): who may create, add, remove, rename and
 * read; members are friends of the one who adds them; every change writes a system line into the history
 * in the change's transaction. Messages go through the chat's one message store, like one-to-one ones.
 */
import {
  GROUP_CHAT,
  type AddGroupMembersBody,
  type CreateGroupBody,
  type GroupConversation,
  type GroupHistoryQuery,
  type GroupMessage,
  type GroupSystem,
  type SendGroupMessageBody,
  type UpdateGroupBody,
} from '@plaza/contract';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db';
import { BadRequestError, ForbiddenError, NotFoundError, sentence, TooManyRequestsError } from '../../../lib/errors';
import { newId, nowIso } from '../../../lib/ids';
import { processImage } from '../../../media/images';
import { friendIdsOf } from '../../people';
import { notHidden } from '../../safety';
import { presentPublicUser, userRepo } from '../../users';
import { wantLinkPreview } from '../../link-previews';
import { historyOf } from '../conversation-history';
import type { FloodControl } from '../flood-control';
import { presentOneWithMentions, presentWithMentions, storeMessageMentions } from '../message-mentions';
import { numberAndInsert, type MessageStore } from '../message-store';
import { chatRepo, type NewMessageRow, type SenderCondition } from '../repo';
import { presentGroupMessage, systemPerson, systemText } from './presenters';
import { groupRepo } from './repo';
import { groupViews } from './views';

const notFound = () => new NotFoundError(sentence('error.group.notFound'));
const adminsOnly = () => new ForbiddenError(sentence('error.group.adminsOnly'));

// Long: a service; each method is short and shares the repositories made once here.
export function groupService(ctx: AppContext, flood: FloodControl, messages: MessageStore) {
  const db = ctx.db;
  const repo = groupRepo(db);
  const chat = chatRepo(db);
  const users = userRepo(db);
  const views = groupViews(db);

  async function memberOrNotFound(id: string, userId: string) {
    const m = await repo.membership(id, userId);
    if (!m) throw notFound();
    return m;
  }

  async function adminOf(id: string, userId: string) {
    const m = await memberOrNotFound(id, userId);
    if (m.role !== 'admin') throw adminsOnly();
    return m;
  }

  /** The people named, who must all be friends of `actorId` (and not `actorId`): duplicates count once. */
  async function friendsToAdd(actorId: string, ids: readonly string[]) {
    const wanted = [...new Set(ids)].filter((id) => id !== actorId);
    const friends = new Set(await friendIdsOf(db, actorId));
    const strangers = wanted.filter((id) => !friends.has(id));
    if (strangers.length > 0) throw new ForbiddenError(sentence('error.group.friendsOnly'));
    return wanted;
  }

  async function people(ids: readonly string[]) {
    const rows = await users.findByIdsWithDeleted(ids);
    const byId = new Map(rows.map((u) => [u.id, systemPerson(presentPublicUser(u))]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** A system line's row: written by `actor`, numbered by the same store as every message. */
  function systemRow(id: string, system: GroupSystem, at: string): NewMessageRow {
    return {
      id: newId(),
      pair_key: id,
      sender_id: system.actor._id,
      receiver_id: system.actor._id,
      client_message_id: null,
      text: systemText(system),
      created_at: at,
      read_at: at,
      system: JSON.stringify(system),
    };
  }

  /** After a commit: the system line to everyone it reaches, then each member's new view of the group. */
  async function announce(id: string, line: NewMessageRow & { seq: number }): Promise<void> {
    const now = nowIso();
    const message = presentGroupMessage(line);
    ctx.events.publish('groupMessageStored', { conversationId: id, message, userIds: await repo.audienceOf(id, line.sender_id, now) });
    const byMember = await views.forMembers(id);
    ctx.events.publish('groupUpdated', { views: [...byMember].map(([userId, conversation]) => ({ userId, conversation })) });
  }

  /**
   * Writes a change and its system line together; answers the line with its seq. `afterLine` writes, in the
   * same transaction, what needs the line's place in the history (where someone's departure is).
   */
  async function change(
    id: string,
    system: GroupSystem,
    write: (trx: Db) => Promise<void>,
    afterLine?: (trx: Db, seq: number, at: string) => Promise<void>,
  ) {
    const at = nowIso();
    const row = systemRow(id, system, at);
    const [stored] = await db.transaction().execute(async (trx) => {
      await write(trx);
      const lines = await numberAndInsert(trx, [row]);
      await afterLine?.(trx, lines[0].seq, at);
      return lines;
    });
    const line = { ...row, seq: stored.seq };
    await announce(id, line);
    return line;
  }

  async function viewOf(id: string, viewerId: string): Promise<GroupConversation> {
    const now = nowIso();
    const last = await views.lastVisible(id, viewerId, now);
    const view = last ? (await views.forViewer(viewerId, new Map([[id, last]]), now)).get(id) : undefined;
    if (!view) throw notFound();
    return view;
  }

  async function setPhotoUrl(callerId: string, id: string, url: string | null): Promise<void> {
    const group = await repo.findGroup(id);
    if (!group) throw notFound();
    const [actor] = await people([callerId]);
    await change(id, { type: 'photo', actor, users: [], name: null }, (trx) => groupRepo(trx).setPhoto(id, url));
    // The new photo is saved: a leftover old file is logged, never reported as a failed change.
    const key = group.photo_url && ctx.storage.keyOf(group.photo_url);
    if (key) await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'old group photo not removed'));
  }

  return {
    async create(callerId: string, body: CreateGroupBody): Promise<GroupConversation> {
      const others = await friendsToAdd(callerId, body.memberIds);
      if (others.length < GROUP_CHAT.minMembers - 1)
        throw new BadRequestError(sentence('error.group.tooFew', { min: GROUP_CHAT.minMembers }), [
          { path: 'memberIds', message: `Choose at least ${GROUP_CHAT.minMembers - 1} people` },
        ]);
      const id = newId();
      const [actor] = await people([callerId]);
      const system: GroupSystem = { type: 'created', actor, users: await people(others), name: body.name };
      await change(id, system, async (trx) => {
        const g = groupRepo(trx);
        const at = nowIso();
        await g.insertGroup({ id, name: body.name, createdBy: callerId, createdAt: at });
        await g.addMembers(id, [callerId], 'admin', at);
        await g.addMembers(id, others, 'member', at);
      });
      return viewOf(id, callerId);
    },

    /** The group as a member sees it; as it was when they went, for someone who left or was removed. */
    async get(callerId: string, id: string): Promise<GroupConversation> {
      if (await repo.membership(id, callerId)) return viewOf(id, callerId);
      const departure = await repo.departure(id, callerId);
      const view = departure && (await views.forFormerMember(departure, nowIso()));
      if (!view) throw notFound();
      return view;
    },

    async update(callerId: string, id: string, body: UpdateGroupBody): Promise<GroupConversation> {
      await adminOf(id, callerId);
      const [actor] = await people([callerId]);
      if (body.name !== undefined) {
        const name = body.name;
        await change(id, { type: 'renamed', actor, users: [], name }, (trx) => groupRepo(trx).setName(id, name));
      }
      if (body.photo === null) await setPhotoUrl(callerId, id, null);
      return viewOf(id, callerId);
    },

    /** A new photo, processed as an avatar is (square, re-encoded, metadata dropped). */
    async uploadPhoto(callerId: string, id: string, bytes: Buffer): Promise<GroupConversation> {
      await adminOf(id, callerId);
      const img = await processImage(bytes, { maxSize: 512, thumbSize: 96, square: true });
      const stored = await ctx.storage.put('group-photos', 'webp', img.main);
      await setPhotoUrl(callerId, id, stored.url);
      return viewOf(id, callerId);
    },

    async addMembers(callerId: string, id: string, body: AddGroupMembersBody): Promise<GroupConversation> {
      await adminOf(id, callerId);
      const wanted = await friendsToAdd(callerId, body.userIds);
      const current = new Set((await repo.membersOf([id])).map((m) => m.user_id));
      const fresh = wanted.filter((u) => !current.has(u));
      if (current.size + fresh.length > GROUP_CHAT.maxMembers)
        throw new BadRequestError(sentence('error.group.tooMany', { max: GROUP_CHAT.maxMembers }), [
          { path: 'userIds', message: 'Too many people' },
        ]);
      if (fresh.length > 0) {
        const [actor] = await people([callerId]);
        await change(id, { type: 'added', actor, users: await people(fresh), name: null }, async (trx) => {
          await groupRepo(trx).addMembers(id, fresh, 'member', nowIso());
          await groupRepo(trx).forgetDepartures(id, fresh);
        });
      }
      return viewOf(id, callerId);
    },

    /**
     * An admin removes someone, or anyone leaves (their own id). Delivery to them stops with the commit.
     * The last admin to leave hands the role to the member who joined first, so a group always has one.
     */
    async removeMember(callerId: string, id: string, userId: string): Promise<void> {
      const me = await memberOrNotFound(id, callerId);
      const leaving = userId === callerId;
      if (!leaving && me.role !== 'admin') throw adminsOnly();
      if (!leaving && !(await repo.membership(id, userId))) throw new NotFoundError(sentence('error.group.notMember'));
      const [actor, target] = await people([callerId, userId]);
      const system: GroupSystem = leaving
        ? { type: 'left', actor, users: [], name: null }
        : { type: 'removed', actor, users: target ? [target] : [], name: null };
      await change(
        id,
        system,
        async (trx) => {
          const g = groupRepo(trx);
          await g.removeMember(id, userId);
          const rest = await g.membersOf([id]);
          if (rest.length > 0 && !rest.some((m) => m.role === 'admin')) await g.makeAdmin(id, rest[0].user_id);
        },
        // They may still read the group up to this line (product.md § Group conversations).
        (trx, seq, at) =>
          groupRepo(trx).recordDeparture({
            conversation_key: id,
            user_id: userId,
            reason: leaving ? 'left' : 'removed',
            seq,
            departed_at: at,
          }),
      );
      ctx.events.publish('groupLeft', { conversationId: id, userIds: [userId], reason: leaving ? 'left' : 'removed' });
    },

    /**
     * Members, and people who left or were removed up to the line that says so; messages of people on the
     * other side of a block with the reader are left out.
     */
    async history(callerId: string, id: string, query: GroupHistoryQuery): Promise<GroupMessage[]> {
      const member = await repo.membership(id, callerId);
      const departure = member ? undefined : await repo.departure(id, callerId);
      if (!member && !departure) throw notFound();
      const now = nowIso();
      const senders: SenderCondition = (column) => notHidden(db, column, callerId, now);
      const rows = await historyOf(chat, id, query, { senders, upToSeq: departure && Number(departure.seq) });
      return presentWithMentions(db, rows, presentGroupMessage);
    },

    /**
     * Stores the message through the chat's one store and its mentions after it (as a one-to-one message's,
     * message-mentions.ts), then announces it to the members it reaches and asks for its link's card.
     */
    async send(callerId: string, id: string, body: SendGroupMessageBody): Promise<{ message: GroupMessage; created: boolean }> {
      const taken = flood.take(callerId);
      const waitMs = typeof taken === 'number' ? taken : await taken;
      if (waitMs > 0) throw new TooManyRequestsError(sentence('error.chat.tooFast'), Math.max(1, Math.ceil(waitMs / 1000)));
      const now = nowIso();
      // One query answers both: is the sender in the group, and whom does the message reach.
      const audience = await repo.audienceOf(id, callerId, now);
      if (!audience.includes(callerId)) throw notFound();
      const row: NewMessageRow = {
        id: newId(),
        pair_key: id,
        sender_id: callerId,
        receiver_id: callerId,
        client_message_id: body.clientMessageId ?? null,
        text: body.messageText,
        created_at: now,
        read_at: now,
      };
      const { written, seq } = await messages.insert(row);
      if (!written) {
        const original = await chat.findByClientId(callerId, row.client_message_id!);
        if (!original || original.pair_key !== id)
          throw new BadRequestError(sentence('error.chat.clientIdReused'), [{ path: 'clientMessageId', message: 'Already used' }]);
        const [message] = await presentWithMentions(db, [original], presentGroupMessage);
        ctx.events.publish('groupMessageStored', { conversationId: id, message, userIds: audience });
        return { message, created: false };
      }
      await storeMessageMentions(ctx, {
        id: row.id,
        senderId: callerId,
        text: row.text,
        createdAt: now,
        conversationKey: id,
        memberIds: audience,
      });
      const message = await presentOneWithMentions(db, { ...row, seq }, presentGroupMessage);
      ctx.events.publish('groupMessageStored', { conversationId: id, message, userIds: audience });
      // The card is made off the request and told to the members (link-preview-sink.ts).
      if (!body.noPreview) wantLinkPreview(ctx.events, { targetType: 'message', targetId: row.id, scope: id }, row.text);
      return { message, created: true };
    },

    /** Moves the caller's read position to `messageId` (or the last message); the members are told. */
    async markRead(callerId: string, id: string, messageId?: string): Promise<number> {
      const me = await memberOrNotFound(id, callerId);
      let target: { id: string; seq: number } | undefined;
      if (messageId) {
        const seq = await chat.seqOf(id, messageId);
        if (seq === undefined) throw new NotFoundError(sentence('error.group.messageNotFound'));
        target = { id: messageId, seq };
      } else {
        const last = await repo.lastMessageUpTo(id);
        target = last && { id: last.id, seq: Number(last.seq) };
      }
      if (!target || target.seq <= Number(me.read_seq)) return Number(me.read_seq);
      if (await repo.readUpTo(id, callerId, target.seq)) {
        const userIds = await repo.audienceOf(id, callerId, nowIso());
        ctx.events.publish('groupRead', { conversationId: id, userId: callerId, messageId: target.id, seq: target.seq, userIds });
      }
      return target.seq;
    },

    async mute(callerId: string, id: string, muted: boolean): Promise<boolean> {
      await memberOrNotFound(id, callerId);
      await repo.setMuted(id, callerId, muted);
      return muted;
    },

    /** The members typing reaches (blocks left out), or null when the caller is not in the group. */
    async typingAudience(callerId: string, id: string): Promise<string[] | null> {
      const audience = await repo.audienceOf(id, callerId, nowIso());
      return audience.includes(callerId) ? audience : null;
    },
  };
}
export type GroupService = ReturnType<typeof groupService>;
