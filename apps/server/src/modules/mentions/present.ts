/**
 * The `mentions` of posts, comments and messages as the API shows them: each stored mention with its
 * person's name now, in the order the text first mentions them. Only texts with an `@name` in them are
 * looked up, so a page without mentions costs no query.
 */
import { mentionNamesOf, type Mention } from '@plaza/contract';
import type { Db } from '../../db';
import type { MentionTarget } from '../../db/tables/mentions';
import { mentionRepo } from './repo';

export interface TextToPresent {
  id: string;
  text: string;
}

/** The mentions of each of `texts`, by id; a text without any is not in the map. */
export async function mentionsOf(db: Db, targetType: MentionTarget, texts: readonly TextToPresent[]): Promise<Map<string, Mention[]>> {
  const namesById = new Map<string, string[]>();
  for (const t of texts) {
    const names = mentionNamesOf(t.text);
    if (names.length) namesById.set(t.id, names);
  }
  const rows = await mentionRepo(db).withNames(targetType, [...namesById.keys()]);
  const byId = new Map<string, Mention[]>();
  for (const r of rows) {
    const list = byId.get(r.target_id) ?? [];
    list.push({ userId: r.user_id, userName: r.user_name, mentionedAs: r.mentioned_as });
    byId.set(r.target_id, list);
  }
  for (const [id, list] of byId) {
    const order = namesById.get(id) ?? [];
    list.sort((a, b) => order.indexOf(a.mentionedAs) - order.indexOf(b.mentionedAs));
  }
  return byId;
}

/** `mentionsOf` for one text. */
export async function mentionsOfOne(db: Db, targetType: MentionTarget, text: TextToPresent): Promise<Mention[]> {
  return (await mentionsOf(db, targetType, [text])).get(text.id) ?? [];
}
