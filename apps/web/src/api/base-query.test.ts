/** Keyed writes (`Idempotency-Key`): one key per action, the same on every retry, and retried only where that is safe. */
import { operations } from '@plaza/contract';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it } from 'vitest';
import { apiBaseQuery } from './base-query';
import { api } from './client';
import { operationRequest } from './operation';
import type { Transport, TransportRequest } from './transport';

const original = api.transport;
afterEach(() => {
  api.transport = original;
});

/** Answers each call with the next status of `statuses` (0: no answer at all); records what was sent. */
function answering(statuses: number[]): TransportRequest[] {
  const sent: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    sent.push(request);
    const status = statuses[sent.length - 1] ?? 500;
    if (status === 0) throw new TypeError('Failed to fetch');
    return { status, data: { success: status < 300 } };
  };
  api.transport = transport;
  return sent;
}

const comment = () => operationRequest(operations.createComment, { params: { postId: 'p1' }, body: { commentContent: 'hi' } });
const run = (request: ReturnType<typeof comment>) => apiBaseQuery(request, {} as BaseQueryApi, {});

describe('keyed writes', () => {
  it('send the same Idempotency-Key again when the first answer was lost', async () => {
    const sent = answering([0, 201]);
    const result = await run(comment());
    expect(result).toEqual({ data: { success: true } });
    expect(sent).toHaveLength(2);
    const [first, again] = sent.map((r) => r.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(again).toBe(first);
  });

  it('get a fresh key for each action, and are not retried after an answer that says the write was refused', async () => {
    const sent = answering([400, 201]);
    expect((await run(comment())).error).toBeDefined();
    await run(comment());
    expect(sent).toHaveLength(2);
    expect(sent[0].headers['Idempotency-Key']).not.toBe(sent[1].headers['Idempotency-Key']);
  });

  it('are the only writes that carry a key or are retried', async () => {
    const sent = answering([0, 200]);
    const unkeyed = operationRequest(operations.toggleFavorite, { params: { postId: 'p1' } });
    expect((await run(unkeyed)).error).toBeDefined();
    expect(sent).toHaveLength(1);
    expect(sent[0].headers['Idempotency-Key']).toBeUndefined();
  });
});
