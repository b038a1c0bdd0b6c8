/** Where a composer's caret stands in a `@name` being typed, and the text once a person is chosen for it. */

/** The `@name` typed right before the caret: where its `@` is and what follows it. The same start rule as the contract's reader. */
const TYPING = /(^|[^\p{L}\p{M}\p{N}_.@/])@([A-Za-z0-9_.]{0,30})$/u;

export interface TypedMention {
  /** Where the `@` is. */
  start: number;
  /** What was typed after it. */
  query: string;
}

export function typedMentionAt(text: string, caret: number): TypedMention | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with the typed `@name` replaced by the chosen person's, and a space after; where the caret goes. */
export function withMention(text: string, typed: TypedMention, userName: string): { text: string; caret: number } {
  const end = typed.start + 1 + typed.query.length;
  const rest = text.slice(end);
  const inserted = `@${userName}${rest.startsWith(' ') ? '' : ' '}`;
  return { text: text.slice(0, typed.start) + inserted + rest, caret: typed.start + inserted.length + (rest.startsWith(' ') ? 1 : 0) };
}

/** Whether a person answers to what was typed: their user name or a word of their full name starts with it. */
export function matchesTyped(person: { userName: string; fullName: string }, query: string): boolean {
  const q = query.toLowerCase();
  return (
    person.userName.toLowerCase().startsWith(q) ||
    person.fullName
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(q))
  );
}
