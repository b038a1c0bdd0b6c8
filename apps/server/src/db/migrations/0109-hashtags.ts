import { hashtagsOf } from '@plaza/contract';
import { PostgresAdapter, sql, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The hashtags feature's tables (product.md § Hashtags): each tag use of a post's text (`post_tags`) or a
 * comment (`comment_tags`), and every tag ever used (`hashtags`), for the prefix search. A use carries the
 * post's author beside its own, so a tag page or the trending count can leave hidden people out without
 * reading the posts feature's tables. Uses go with their post or comment by the foreign keys' cascade.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Rows read per statement while filling from the posts and comments already there. */
const FILL_BATCH = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Byte order on PostgreSQL, as SQLite's default: the prefix search reads a range of the key.
  const tagType = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  const clustered = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    db.getExecutor().adapter instanceof SqliteAdapter ? t.modifyEnd(sql`without rowid`) : t;

  await clustered(
    db.schema
      .createTable('hashtags')
      .addColumn('tag', tagType, (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull()),
  ).execute();

  await clustered(
    db.schema
      .createTable('post_tags')
      .addColumn('tag', tagType, (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_tags_pk', ['tag', 'post_id']),
  ).execute();
  await db.schema.createIndex('post_tags_post_idx').on('post_tags').column('post_id').execute();
  await db.schema.createIndex('post_tags_recent_idx').on('post_tags').columns(['created_at', 'author_id', 'tag', 'post_id']).execute();

  await clustered(
    db.schema
      .createTable('comment_tags')
      .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('tag', tagType, (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('post_author_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comment_tags_pk', ['comment_id', 'tag']),
  ).execute();
  await db.schema
    .createIndex('comment_tags_tag_idx')
    .on('comment_tags')
    .columns(['tag', 'post_id', 'author_id', 'post_author_id'])
    .execute();
  await db.schema
    .createIndex('comment_tags_recent_idx')
    .on('comment_tags')
    .columns(['created_at', 'author_id', 'post_author_id', 'tag', 'post_id'])
    .execute();

  await fillFromPosts(db);
  await fillFromComments(db);
}

interface TextRow {
  id: string;
  post_id: string;
  author_id: string;
  post_author_id: string;
  content: string;
  created_at: string;
}

async function remember(db: Kysely<unknown>, tags: string[], at: string): Promise<void> {
  if (tags.length === 0) return;
  await sql`insert into hashtags (tag, created_at) values ${sql.join(tags.map((t) => sql`(${t}, ${at})`))} on conflict (tag) do nothing`.execute(
    db,
  );
}

/** The tags of posts written before hashtags were read, a batch at a time in id order. */
async function fillFromPosts(db: Kysely<unknown>): Promise<void> {
  for (let after = ''; ;) {
    const { rows } = await sql<TextRow>`select id, author_id, content, created_at from posts
      where id > ${after} and content like ${'%#%'} order by id limit ${FILL_BATCH}`.execute(db);
    for (const row of rows) {
      const tags = hashtagsOf(row.content);
      if (tags.length === 0) continue;
      await remember(db, tags, row.created_at);
      await sql`insert into post_tags (tag, post_id, author_id, created_at)
        values ${sql.join(tags.map((t) => sql`(${t}, ${row.id}, ${row.author_id}, ${row.created_at})`))}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

async function fillFromComments(db: Kysely<unknown>): Promise<void> {
  for (let after = ''; ;) {
    const { rows } = await sql<TextRow>`select c.id, c.post_id, c.author_id, p.author_id as post_author_id, c.content, c.created_at
      from comments c join posts p on p.id = c.post_id
      where c.id > ${after} and c.content like ${'%#%'} order by c.id limit ${FILL_BATCH}`.execute(db);
    for (const row of rows) {
      const tags = hashtagsOf(row.content);
      if (tags.length === 0) continue;
      await remember(db, tags, row.created_at);
      await sql`insert into comment_tags (comment_id, tag, post_id, author_id, post_author_id, created_at)
        values ${sql.join(tags.map((t) => sql`(${row.id}, ${t}, ${row.post_id}, ${row.author_id}, ${row.post_author_id}, ${row.created_at})`))}`.execute(
        db,
      );
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['comment_tags', 'post_tags', 'hashtags']) await db.schema.dropTable(table).execute();
}
