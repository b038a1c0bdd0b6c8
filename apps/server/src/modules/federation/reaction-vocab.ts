/**
 * How Plaza's six reactions are written in ActivityPub: ❤ as a plain `Like` (Mastodon's favourite), the
 * other five as an `EmojiReact` whose `content` is the emoji (as Pleroma and Misskey write reactions).
 * Coming in, a `Like` whose `content` is one of those emoji (Misskey's way) counts as that reaction and any
 * other `Like` as ❤; an `EmojiReact` with an emoji Plaza has no reaction for is left out.
 */
import { EmojiReact, Like } from '@fedify/vocab';
import { REACTION_EMOJI, REACTION_TYPES, type ReactionType } from '@plaza/contract';

/** An emoji without its variation selector, so ❤ and ❤️ are the same reaction. */
const bare = (emoji: string) => emoji.replace(/\uFE0F/g, '').trim();

const KIND_OF_EMOJI = new Map<string, ReactionType>(REACTION_TYPES.map((kind) => [bare(REACTION_EMOJI[kind]), kind]));

export type ReactionActivity = Like | EmojiReact;

export const isReactionActivity = (value: unknown): value is ReactionActivity => value instanceof Like || value instanceof EmojiReact;

/** The activity for `kind` given by `actor` to the Note `object`. */
export function reactionActivity(kind: ReactionType, values: { id: URL; actor: URL; object: URL }): ReactionActivity {
  return kind === 'heart' ? new Like(values) : new EmojiReact({ ...values, content: REACTION_EMOJI[kind] });
}

/** The reaction an incoming Like or EmojiReact stands for, or null when Plaza has none like it. */
export function kindOf(reaction: ReactionActivity): ReactionType | null {
  const content = reaction.content?.toString();
  const kind = content ? KIND_OF_EMOJI.get(bare(content)) : undefined;
  return kind ?? (reaction instanceof Like ? 'heart' : null);
}
