import { sql, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Tables keyed by a composite primary key are clustered on it in SQLite: smaller and one lookup fewer.
  const clustered = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    db.getExecutor().adapter instanceof SqliteAdapter ? t.modifyEnd(sql`without rowid`) : t;

  let posts = db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'));
  for (const counter of ['heart', 'fire', 'thumbs_up', 'smile', 'celebrate', 'clap', 'comments']) {
    posts = posts.addColumn(`${counter}_count`, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await posts.execute();
  await db.schema.createIndex('posts_author_idx').on('posts').columns(['author_id', 'id']).execute();

  await clustered(
    db.schema
      .createTable('post_reactions')
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_reactions_pk', ['post_id', 'user_id', 'kind']),
  ).execute();
  await db.schema.createIndex('post_reactions_kind_idx').on('post_reactions').columns(['post_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'id']).execute();

  await clustered(
    db.schema
      .createTable('comment_likes')
      .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id']),
  ).execute();

  await clustered(
    db.schema
      .createTable('post_favorites')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_favorites_pk', ['user_id', 'post_id']),
  ).execute();
  await db.schema.createIndex('post_favorites_list_idx').on('post_favorites').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('post_favorites_post_idx').on('post_favorites').column('post_id').execute();

  // No foreign key on post_id: it would need a second index as large as the table to cascade. Deleting a
  // post removes its rows by (reader, post) instead, and reads skip any row whose post is gone.
  await clustered(
    db.schema
      .createTable('feed_items')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_items_pk', ['owner_id', 'post_id']),
  ).execute();
  await clustered(
    db.schema
      .createTable('feed_sizes')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feed_sizes', 'feed_items', 'post_favorites', 'comment_likes', 'comments', 'post_reactions', 'posts']) {
    await db.schema.dropTable(table).execute();
  }
}
