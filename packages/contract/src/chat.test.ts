import { describe, expect, it } from 'vitest';
import { pairRoom, parsePairRoom, sendMessageBodySchema } from './index';

const A = '0192f0a1-0000-7000-8000-00000000000a';
const B = '0192f0a1-0000-7000-8000-00000000000b';

describe('chat contract', () => {
  it('splits a pair room of two UUIDs by position, though the ids contain hyphens', () => {
    expect(parsePairRoom(pairRoom(B, A))).toEqual([A, B]);
    expect(parsePairRoom(`${B}-${A}`)).toBeNull();
    expect(parsePairRoom(`${A}-${A.slice(0, -1)}`)).toBeNull();
    expect(parsePairRoom(`${A}_${B}`)).toBeNull();
    expect(parsePairRoom(`user:${A}`)).toBeNull();
  });

  it('trims message text and bounds it to 1–1,000 characters', () => {
    const base = { messageSenderUsername: 'ada', messageReceiverUsername: 'bob' };
    expect(sendMessageBodySchema.parse({ ...base, messageContent: '  hi  ' }).messageContent).toBe('hi');
    expect(sendMessageBodySchema.safeParse({ ...base, messageContent: '   ' }).success).toBe(false);
    expect(sendMessageBodySchema.safeParse({ ...base, messageContent: 'x'.repeat(1000) }).success).toBe(true);
    expect(sendMessageBodySchema.safeParse({ ...base, messageContent: 'x'.repeat(1001) }).success).toBe(false);
  });
});
