/**
 * The friend-request state machine, the one place that changes connections. As the caller sees it:
 *   not_connected    --send-->    request_sent      (the other user sees request_received)
 *   request_received --accept-->  friends           (so does send: both asked, both agree)
 *   request_received --decline--> not_connected
 *   request_sent     --cancel-->  not_connected
 *   friends          --remove-->  not_connected
 * Anything else is a 409. Each change is one transaction; its events (`friendshipChanged`, and
 * `friendRequestSent`/`Accepted`/`Declined`/`Cancelled`, which notifications act on) are recorded in it
 * and dispatched after the commit (lib/events.ts); `friendshipChanged` also reaches the other person's
 * screens as `connectionUpdate` (connection-live.ts).
 */
import { connectionChangeResponseSchema, type ConnectionAction, type ConnectionStatus } from '@plaza/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { markWritten, type KeyedWrite } from '../../idempotency/keyed-write';
import { BadRequestError, ConflictError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { assertCanInteract } from '../safety';
import { userRepo, type UserRow } from '../users';
import { connectionRepo, type ConnectionRepo } from './connection-repo';
import { pairOf } from './friendships';
import { statusFor } from './status';

/** What happened to a friend request, told to the rest of the app after the commit. */
type RequestEvent = { kind: 'sent' | 'accepted' | 'declined' | 'cancelled'; requestId: string };

interface Outcome {
  status: ConnectionStatus;
  message: string;
  changed: boolean;
  request?: RequestEvent;
}

type Step = (repo: ConnectionRepo, me: string, other: string) => Promise<Outcome>;

const unchanged = (status: ConnectionStatus, message: string): Outcome => ({ status, message, changed: false });

const send: Step = async (repo, me, other) => {
  const pair = pairOf(me, other);
  // A concurrent request may change the row between two statements; a few rounds settle every interleaving.
  for (let round = 0; round < 3; round++) {
    const now = nowIso();
    const id = newId();
    if (await repo.insertPending({ id, ...pair, requester_id: me, status: 'pending', created_at: now, updated_at: now })) {
      return { status: 'request_sent', message: 'Friend request sent', changed: true, request: { kind: 'sent', requestId: id } };
    }
    const row = await repo.find(me, other);
    if (!row) continue;
    if (row.status === 'accepted') return unchanged('friends', 'You are already friends');
    if (row.requester_id === me) return unchanged('request_sent', 'Friend request already sent');
    if (await repo.acceptPending(pair, other, now)) {
      return { status: 'friends', message: 'You are now friends', changed: true, request: { kind: 'accepted', requestId: row.id } };
    }
  }
  throw new ConflictError(sentence('error.friend.changed'));
};

const accept: Step = async (repo, me, other) => {
  const row = await repo.find(me, other);
  const requested = row && statusFor(me, row) === 'request_received';
  if (!requested || !(await repo.acceptPending(pairOf(me, other), other, nowIso()))) {
    throw new ConflictError(sentence('error.friend.noRequestToAccept'));
  }
  return { status: 'friends', message: 'Friend request accepted', changed: true, request: { kind: 'accepted', requestId: row.id } };
};

const decline: Step = async (repo, me, other) => {
  const row = await repo.find(me, other);
  if (!row || statusFor(me, row) !== 'request_received' || !(await repo.deletePending(pairOf(me, other), other))) {
    throw new ConflictError(sentence('error.friend.noRequestToDecline'));
  }
  return { status: 'not_connected', message: 'Friend request declined', changed: true, request: { kind: 'declined', requestId: row.id } };
};

const cancel: Step = async (repo, me, other) => {
  const row = await repo.find(me, other);
  if (!row || statusFor(me, row) !== 'request_sent' || !(await repo.deletePending(pairOf(me, other), me))) {
    throw new ConflictError(sentence('error.friend.noPendingRequest'));
  }
  return { status: 'not_connected', message: 'Friend request cancelled', changed: true, request: { kind: 'cancelled', requestId: row.id } };
};

const remove: Step = async (repo, me, other) => {
  if (!(await repo.deleteAccepted(pairOf(me, other)))) throw new ConflictError(sentence('error.friend.notFriends'));
  return { status: 'not_connected', message: 'Friend removed', changed: true };
};

const steps: Record<ConnectionAction, Step> = { send, accept, decline, cancel, remove };

/** What a keyed change's key keeps of its outcome (`idempotency_keys.result`, as JSON). */
const earlierOutcome = connectionChangeResponseSchema.pick({ status: true, message: true });

export function connectionService(ctx: AppContext) {
  const users = userRepo(ctx.db);

  function announce(trx: Db, me: string, other: string, { kind, requestId }: RequestEvent): Promise<void> {
    if (kind === 'sent') return ctx.events.record(trx, 'friendRequestSent', { requestId, senderId: me, recipientId: other });
    if (kind === 'accepted') return ctx.events.record(trx, 'friendRequestAccepted', { requestId, accepterId: me, requesterId: other });
    if (kind === 'declined') return ctx.events.record(trx, 'friendRequestDeclined', { requestId, declinerId: me, requesterId: other });
    return ctx.events.record(trx, 'friendRequestCancelled', { requestId, senderId: me, recipientId: other });
  }

  /** The caller and the target, both existing; acting on oneself is a 400. */
  async function loadPair(me: string, targetId: string): Promise<{ self: UserRow; target: UserRow }> {
    if (me === targetId)
      throw new BadRequestError(sentence('error.friend.self'), [{ path: 'targetUserId', message: 'Choose another user' }]);
    const rows = await users.findByIds([me, targetId]);
    const self = rows.find((r) => r.id === me);
    const target = rows.find((r) => r.id === targetId);
    if (!self) throw new NotFoundError(sentence('error.account.gone'));
    if (!target) throw new NotFoundError(sentence('error.user.notFound'));
    return { self, target };
  }

  return {
    async statusWith(me: string, targetId: string): Promise<ConnectionStatus> {
      await loadPair(me, targetId);
      return statusFor(me, await connectionRepo(ctx.db).find(me, targetId));
    },

    /**
     * `write`: the request's key, marked with the outcome in the change's transaction; when an earlier
     * attempt with it committed, that outcome is the answer (rerunning the step would answer a 409).
     */
    async act(
      me: string,
      action: ConnectionAction,
      targetId: string,
      write: KeyedWrite | null = null,
    ): Promise<{ status: ConnectionStatus; message: string }> {
      if (write?.result) return earlierOutcome.parse(JSON.parse(write.result));
      await loadPair(me, targetId);
      // Only the steps that make or keep a tie are refused; ending one stays open to both.
      if (action === 'send' || action === 'accept') await assertCanInteract(ctx.db, me, targetId, nowIso());
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const done = await steps[action](connectionRepo(trx), me, targetId);
        await markWritten(trx, write, JSON.stringify({ status: done.status, message: done.message }));
        if (done.changed) await ctx.events.record(trx, 'friendshipChanged', { userIds: [me, targetId], status: done.status });
        if (done.request) await announce(trx, me, targetId, done.request);
        return done;
      });
      return { status: outcome.status, message: outcome.message };
    },
  };
}
export type ConnectionService = ReturnType<typeof connectionService>;
