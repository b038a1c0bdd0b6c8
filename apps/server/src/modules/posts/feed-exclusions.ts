/**
 * The one place that decides whose posts a reader must never be suggested beyond themselves and their
 * friends: people they blocked, who blocked them, or whom they muted. Safety's block and mute lists plug in
 * here; until then nobody is left out. It returns a subquery of author ids (`author_id`), composed into
 * the suggestion statements, so a prepared statement's placeholder works as the viewer id.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

export function excludedAuthorIds(db: Db, viewerId: string) {
  return db
    .selectFrom('users')
    .select('id as author_id')
    .where('id', '=', viewerId)
    .where(sql<boolean>`1 = 0`);
}
