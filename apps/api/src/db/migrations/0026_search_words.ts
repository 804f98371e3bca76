import { type Kysely, type RawBuilder, sql } from 'kysely';
import { engineOf } from '../dialect.ts';

// Issue 16, decision 051: the words of the goods' search documents, each kept once, so a keyword
// typed with one typo is first matched against the words ("starbond" → "starbound") and only the
// goods holding one of those words are looked up, instead of every typo variant's goods.
//
// A word is a run of the document's names, pinyin, subtitles and category names between spaces
// (the part before its grams, search.ts), with the key and field marks taken as spaces, of 3
// characters or more (a typo variant is looked up by runs of 3+ characters). Triggers on goods add
// the words of every document written, by any writer (admin service, seeds, the scale seed's bulk
// insert), as decision 047 keeps goods.top_category_id. Words are never removed: a word no goods
// holds any more only costs a lookup that finds nothing.
//
// - SQLite: search_words, and search_words_idx, an FTS5 trigram index over it (external content).
// - PostgreSQL: search_words with a pg_trgm GIN index, which serves the typo variants' LIKE.

/** SQLite: the document's words as a JSON array of strings (`[]` if it could not be one). */
function sqliteWords(text: RawBuilder<string>): RawBuilder<string> {
  const head = sql`substr(${text}, 1, instr(${text} || char(3), char(3)) - 1)`;
  const escaped = sql`replace(replace(${head}, '\\', '\\\\'), '"', '\\"')`;
  const spaced = sql`replace(replace(${escaped}, char(1), ' '), char(450), ' ')`;
  const json = sql<string>`'["' || replace(${spaced}, ' ', '","') || '"]'`;
  return sql<string>`(case when json_valid(${json}) then ${json} else '[]' end)`;
}

/** PostgreSQL: the document's words, one row each (a set-returning expression). */
const pgWords = (text: RawBuilder<string>) =>
  sql`regexp_split_to_table(translate(split_part(${text}, chr(3), 1), chr(1) || chr(450), '  '), ' ')`;

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create table search_words (word text primary key)`.execute(db);
    await sql`insert into search_words (word)
      select distinct w from goods, ${pgWords(sql`goods.search_text`)} as w
      where char_length(w) >= 3`.execute(db);
    await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(db);
    // A statement's words in one order: writers adding the same new words wait for the first's commit.
    await sql`create function goods_search_words() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
          select distinct w from ${pgWords(sql`new.search_text`)} as w
          where char_length(w) >= 3 order by 1
          on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`create trigger goods_search_words after insert or update of search_text on goods
      for each row execute function goods_search_words()`.execute(db);
    await sql`analyze search_words`.execute(db);
    return;
  }
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`insert into search_words (word)
    select distinct j.value from goods, json_each(${sqliteWords(sql`goods.search_text`)}) as j
    where length(j.value) >= 3`.execute(db);
  await sql`create virtual table search_words_idx using fts5(
    word, content = 'search_words', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
  await sql`insert into search_words_idx (search_words_idx) values ('rebuild')`.execute(db);
  await sql`create trigger search_words_index after insert on search_words begin
    insert into search_words_idx (rowid, word) values (new.rowid, new.word);
  end`.execute(db);
  // Only words not kept yet, each once: no conflict arises, whatever the outer statement's
  // conflict clause (which would override this trigger's own).
  const add = sql`insert into search_words (word)
    select distinct j.value from json_each(${sqliteWords(sql`new.search_text`)}) as j
    where length(j.value) >= 3 and not exists (select 1 from search_words w where w.word = j.value)`;
  await sql`create trigger goods_search_words_insert after insert on goods begin ${add}; end`.execute(db);
  await sql`create trigger goods_search_words_update after update of search_text on goods begin ${add}; end`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger goods_search_words on goods`.execute(db);
    await sql`drop function goods_search_words()`.execute(db);
  } else {
    for (const name of ['goods_search_words_insert', 'goods_search_words_update', 'search_words_index'])
      await sql`drop trigger ${sql.ref(name)}`.execute(db);
    await sql`drop table search_words_idx`.execute(db);
  }
  await sql`drop table search_words`.execute(db);
}
