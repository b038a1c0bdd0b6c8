import { pairRoom } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { mentionTarget } from './NotificationsPanel';

describe('where a mention notification leads', () => {
  const ana = { _id: 'a-id', userName: 'ana' };

  it('opens the post of a post or comment mention', () => {
    expect(mentionTarget('post-1', 'me-id', ana)).toBe('/posts/post-1');
  });

  it('opens the chat with the author for a one-to-one conversation, the group for any other', () => {
    expect(mentionTarget(`conversation:${pairRoom('me-id', 'a-id')}`, 'me-id', ana)).toBe('/chat/ana');
    expect(mentionTarget('conversation:group-7', 'me-id', ana)).toBe('/chat/g/group-7');
  });
});
