import { type Kysely, sql } from 'kysely';
import { searchTextOf } from '../../modules/catalog/search.ts';
import { engineOf } from '../dialect.ts';

// Issue 16, decision 041: goods search by the engines' own text indexes.
// - goods.search_text is rewritten in the new layout (names, pinyin, initials as \u0002 keys, then
//   subtitles and category names; see modules/catalog/search.ts).
// - SQLite: goods_search, an FTS5 table with the trigram tokenizer over goods.search_text
//   (external content: the text lives once, in goods), kept in step by triggers, so every writer
//   of goods (admin service, seeds, the scale seed's bulk insert) keeps it true.
// - PostgreSQL: pg_trgm (trusted since PostgreSQL 13: a database owner may create it) and a GIN
//   trigram index over goods.search_text, which serves the search's LIKE patterns.

export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('goods')
    .innerJoin('categories', 'categories.id', 'goods.category_id')
    .select([
      'goods.id',
      'goods.name_zh',
      'goods.name_en',
      'goods.subtitle_zh',
      'goods.subtitle_en',
      'categories.name_zh as category_zh',
      'categories.name_en as category_en',
    ])
    .execute();
  for (const row of rows)
    await db
      .updateTable('goods')
      .set({ search_text: searchTextOf(row) })
      .where('id', '=', row.id)
      .execute();

  if (engineOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index goods_search_trgm on goods using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table goods_search using fts5(
    search_text, content = 'goods', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`create trigger goods_search_insert after insert on goods begin
    insert into goods_search (rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
  await sql`create trigger goods_search_delete after delete on goods begin
    insert into goods_search (goods_search, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db);
  await sql`create trigger goods_search_update after update of search_text on goods begin
    insert into goods_search (goods_search, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into goods_search (rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
  await sql`insert into goods_search (goods_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop index goods_search_trgm`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger goods_search_${t}`).execute(db);
    await sql`drop table goods_search`.execute(db);
  }
  // search_text keeps the new layout: the search of before (a substring scan) still finds by it.
}
