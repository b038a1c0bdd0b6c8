/**
 * What a push says, one small function per kind, in the recipient's language (a text a catalog lacks reads
 * in English: src/texts). `actor` is the full name of whoever did it; `preview` is absent when the person
 * hides previews.
 */
import type { Translate } from '../../texts';

export interface PushText {
  title: string;
  body: string;
}

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

export const pushTexts = (t: Translate) => ({
  message: (actor: string, unread: number, preview?: string): PushText => ({
    title: actor,
    body: unread > 1 ? t('push.message.many', { count: unread, actor }) : preview ? excerpt(preview) : t('push.message.one', { actor }),
  }),
  /** Titled with the group; one message says who wrote it, several how many wait. */
  groupMessage: (actor: string, group: string, unread: number, preview?: string): PushText => ({
    title: group,
    body:
      unread > 1 ? t('push.group.many', { count: unread }) : preview ? `${actor}: ${excerpt(preview)}` : t('push.message.one', { actor }),
  }),
  friendRequest: (actor: string): PushText => ({ title: t('push.friendRequest.title'), body: t('push.friendRequest.body', { actor }) }),
  friendAccept: (actor: string): PushText => ({ title: t('push.friendAccept.title'), body: t('push.friendAccept.body', { actor }) }),
  comment: (actor: string, preview?: string): PushText => ({
    title: t('push.comment.title', { actor }),
    body: preview ? excerpt(preview) : t('push.openToRead'),
  }),
  reaction: (actor: string, emoji?: string): PushText => ({
    title: t('push.reaction.title'),
    body: emoji ? t('push.reaction.body', { actor, emoji }) : t('push.reaction.bodyPlain', { actor }),
  }),
  commentLike: (actor: string): PushText => ({ title: t('push.reaction.title'), body: t('push.commentLike.body', { actor }) }),
  mention: (actor: string, preview?: string): PushText => ({
    title: t('push.mention.title', { actor }),
    body: preview ? excerpt(preview) : t('push.mention.open'),
  }),
  moderation: (detail?: string): PushText => ({ title: t('push.moderation.title'), body: detail ?? t('push.openToRead') }),
  /** A kind this server does not know yet: still worth a line. */
  other: (actor: string): PushText => ({ title: 'Plaza', body: t('push.other.body', { actor }) }),
});
