/** Turns a push request into what the device shows: the text of its kind, where a tap leads, its tag. */
import type { Language, PushPayload } from '@plaza/contract';
import { translator } from '../../texts';
import type { PushRequest } from './request';
import { pushTexts as textsOf, type PushText } from './texts';

export interface ComposeFacts {
  actor: { fullName: string; userName: string };
  recipientUserName: string;
  /** The language the recipient reads Plaza in: the push says it in that one. */
  recipientLanguage: Language;
  hidePreviews: boolean;
  /** Unread messages from the actor now (messages only). */
  unreadMessages: number;
  /** A group message's group as the recipient has it now; null when they muted it or are no longer in it. */
  group?: { name: string; unread: number } | null;
}

const profileUrl = (me: string, them: string) => `/network/u/profile/${encodeURIComponent(me)}/visited/${encodeURIComponent(them)}`;

/** Null when there is nothing left to say (the messages were read while the push waited). */
export function composePush(req: PushRequest, facts: ComposeFacts): PushPayload | null {
  const name = facts.actor.fullName;
  const preview = facts.hidePreviews ? undefined : req.preview;
  const pushTexts = textsOf(translator(facts.recipientLanguage));
  let text: PushText;
  let url = req.url;
  switch (req.type) {
    case 'message':
      if (facts.unreadMessages === 0) return null;
      text = pushTexts.message(name, facts.unreadMessages, preview);
      url = `/chat/${encodeURIComponent(facts.actor.userName)}`;
      break;
    case 'group_message':
      if (!facts.group || facts.group.unread === 0 || !req.conversationId) return null;
      text = pushTexts.groupMessage(name, facts.group.name, facts.group.unread, preview);
      url = `/chat/g/${encodeURIComponent(req.conversationId)}`;
      break;
    case 'friend_request':
      text = pushTexts.friendRequest(name);
      url = profileUrl(facts.recipientUserName, facts.actor.userName);
      break;
    case 'friend_accept':
      text = pushTexts.friendAccept(name);
      url = profileUrl(facts.recipientUserName, facts.actor.userName);
      break;
    case 'post_comment':
      text = pushTexts.comment(name, preview);
      break;
    case 'post_reaction':
      text = pushTexts.reaction(name, req.detail);
      break;
    case 'comment_like':
      text = pushTexts.commentLike(name);
      break;
    case 'mention':
      text = pushTexts.mention(name, preview);
      break;
    case 'content_removed':
      text = pushTexts.moderation(req.detail);
      break;
    default:
      text = pushTexts.other(name);
  }
  return { type: req.type, title: text.title, body: text.body, url, tag: req.tag };
}
