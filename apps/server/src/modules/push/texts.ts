/**
 * What a push says, one small function per kind, so each can be put into the person's language later. `actor` is
 * the full name of whoever did it; `preview` is absent when the person hides previews.
 */
export interface PushText {
  title: string;
  body: string;
}

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

export const pushTexts = {
  message: (actor: string, unread: number, preview?: string): PushText => ({
    title: actor,
    body: unread > 1 ? `${unread} new messages from ${actor}` : preview ? excerpt(preview) : `New message from ${actor}`,
  }),
  /** Titled with the group; one message says who wrote it, several how many wait. */
  groupMessage: (actor: string, group: string, unread: number, preview?: string): PushText => ({
    title: group,
    body: unread > 1 ? `${unread} new messages` : preview ? `${actor}: ${excerpt(preview)}` : `New message from ${actor}`,
  }),
  friendRequest: (actor: string): PushText => ({ title: 'Friend request', body: `${actor} sent you a friend request` }),
  friendAccept: (actor: string): PushText => ({ title: 'Friend request accepted', body: `${actor} accepted your friend request` }),
  comment: (actor: string, preview?: string): PushText => ({
    title: `${actor} commented on your post`,
    body: preview ? excerpt(preview) : 'Open Plaza to read it',
  }),
  reaction: (actor: string, emoji?: string): PushText => ({
    title: 'New reaction',
    body: `${actor} reacted ${emoji ?? ''} to your post`.replace('  ', ' '),
  }),
  commentLike: (actor: string): PushText => ({ title: 'New reaction', body: `${actor} liked your comment` }),
  mention: (actor: string, preview?: string): PushText => ({
    title: `${actor} mentioned you`,
    body: preview ? excerpt(preview) : 'Open Plaza to see where',
  }),
  moderation: (detail?: string): PushText => ({ title: 'A notice from the moderators', body: detail ?? 'Open Plaza to read it' }),
  /** A kind this server does not know yet: still worth a line. */
  other: (actor: string): PushText => ({ title: 'Plaza', body: `News from ${actor}` }),
};
