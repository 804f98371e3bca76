import { type Kysely, sql } from 'kysely';
import { pinyin } from 'pinyin-pro';
import { engineOf } from '../dialect.ts';

// Issue 16, decision 041: goods search by the engines' own text indexes.
// - goods.search_text is rewritten in the new layout (names, pinyin, initials as \u0002 keys, then
//   subtitles and category names; see modules/catalog/search.ts).
// - SQLite: goods_search, an FTS5 table with the trigram tokenizer over goods.search_text
//   (external content: the text lives once, in goods), kept in step by triggers, so every writer
//   of goods (admin service, seeds, the scale seed's bulk insert) keeps it true.
// - PostgreSQL: pg_trgm (trusted since PostgreSQL 13: a database owner may create it) and a GIN
//   trigram index over goods.search_text, which serves the search's LIKE patterns.

// The search document as modules/catalog/search.ts wrote it when this migration was frozen (issue 30:
// migrations import no module code, so a later change to the search cannot change what this step did).

const KEY = '\u01c2';
const FIELD = '\u0001';
const GRAMS = '\u0003';

const normalize = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[\p{Cc}\u01c2]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const HAN = /\p{Script=Han}/u;

/** The pinyin of a zh-CN name: full ("xingqiongluren"), spaced syllables and initials ("xqlr"). */
function pinyinKeys(name: string): { full: string; spaced: string; initials: string } {
  if (!HAN.test(name)) return { full: '', spaced: '', initials: '' };
  const chars = [...name];
  const syllables = pinyin(name, { toneType: 'none', type: 'array', v: false });
  const words: string[] = [];
  const initials: string[] = [];
  let other = '';
  const flush = () => {
    for (const w of normalize(other.replace(/[^\p{L}\p{N}]+/gu, ' '))
      .split(' ')
      .filter(Boolean)) {
      words.push(w);
      initials.push(w);
    }
    other = '';
  };
  chars.forEach((c, i) => {
    if (HAN.test(c)) {
      flush();
      // ü is typed as u ("lu" for 旅), as the brief's "xingqiongluren".
      const s = (syllables[i] ?? '')
        .normalize('NFD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase();
      if (s) {
        words.push(s);
        initials.push(s[0]!);
      }
    } else other += c;
  });
  flush();
  return { full: words.join(''), spaced: words.join(' '), initials: initials.join('') };
}

type SearchParts = {
  name_zh: string;
  name_en: string;
  subtitle_zh: string;
  subtitle_en: string;
  category_zh: string;
  category_en: string;
};

function gramsOf(texts: string[]): string[] {
  const grams = new Set<string>();
  for (const text of texts)
    for (const word of text.split(' ')) {
      const chars = [...word];
      let run: string[] = [];
      const flush = () => {
        run.forEach((c, i) => {
          grams.add(c);
          if (i + 1 < run.length) grams.add(c + run[i + 1]);
        });
        run = [];
      };
      let other: string[] = [];
      const flushOther = () => {
        if (other.length) grams.add(other[0]!).add(other.slice(0, 2).join(''));
        other = [];
      };
      for (const c of chars) {
        if (HAN.test(c)) {
          flushOther();
          run.push(c);
        } else if (/[\p{L}\p{N}]/u.test(c)) {
          flush();
          other.push(c);
        } else {
          flush();
          flushOther();
          grams.add(c); // a sign ("100%" is found by "%")
        }
      }
      flush();
      flushOther();
    }
  return [...grams];
}

/** The search document of a goods (see above); written wherever a goods' texts are written. */
function searchTextOf(p: SearchParts): string {
  const py = pinyinKeys(p.name_zh);
  const keys = [p.name_zh, p.name_en, py.full, py.spaced, py.initials].map(normalize);
  const fields = [p.subtitle_zh, p.subtitle_en, p.category_zh, p.category_en].map(normalize);
  const grams = gramsOf([...keys, ...fields]);
  return ` ${KEY}${keys.join(` ${KEY}`)} ${KEY} ${FIELD} ${fields.join(` ${FIELD} `)} ${GRAMS} ${grams.join(' ')} `;
}

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
