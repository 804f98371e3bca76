import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type Engine, engineOf } from '../../db/dialect.ts';
import { CARD_COLUMNS, type GoodsCardRow } from './catalog.repository.ts';
import {
  escapeLike,
  exactNamePattern,
  isExactName,
  namePrefixFts,
  namePrefixPattern,
  type SearchKeyword,
  type SearchQuery,
  type Typo,
  containsPattern,
  soundPatterns,
  textsOf,
  ftsPhrase,
} from './search.ts';

// The search query of decision 041: one SQL text on both engines (LIKE over goods.search_text),
// plus, on SQLite, an FTS5 trigram MATCH that narrows the rows first. On PostgreSQL the pg_trgm
// GIN index (migration 0023) serves the LIKE patterns themselves.

const like = (pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`g.search_text like ${pattern} escape '\\'`;
const or = (terms: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
const and = (terms: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(terms, sql` and `)})`;
const count = (terms: RawBuilder<SqlBool>[]): RawBuilder<number> =>
  terms.length
    ? sql<number>`(${sql.join(
        terms.map((t) => sql`case when ${t} then 1 else 0 end`),
        sql` + `,
      )})`
    : sql<number>`0`;

function predicates(q: SearchQuery, engine: Engine, words: TypoWords = []) {
  // "Holds this text": the same answer either way (both sides are lower-cased, and SQLite's LIKE
  // folds ASCII case only); instr is cheaper on SQLite, LIKE is what pg_trgm's index serves.
  const holds = (text: string): RawBuilder<SqlBool> =>
    engine === 'sqlite' ? sql<SqlBool>`instr(g.search_text, ${text}) > 0` : like(containsPattern(text));
  const substring = q.keywords.map((k) =>
    k.sound === undefined ? holds(k.text) : or(soundPatterns(k.sound).map(like)),
  );
  const trigrams = q.keywords.map((k) => k.trigrams.map(holds));
  // A keyword matches as a substring, or (4 to 32 characters) with one edit when the document
  // also holds enough of its trigrams: a typo (decision 051 for what follows).
  // - Where the words a keyword's typos are in are known, the rows looked at are those holding
  //   the keyword or one of the words, and every word holds a variant: there, holding a word is
  //   holding a variant, one instr per word instead of ~30 LIKE patterns per row.
  // - The typo branch is one opaque condition to the planner: PostgreSQL estimated each variant
  //   pattern against the column's statistics, 10–18 ms of planning per statement among 100,000
  //   goods for 0.5 ms of execution. The rows are few by then anyway: the candidates, or FTS5's.
  const variants = (k: SearchKeyword, i: number) => {
    const inWords = words[i];
    return inWords
      ? or([sql<SqlBool>`1 = 0`, ...inWords.map(holds)])
      : or(k.typos.map((t) => like(t.pattern)));
  };
  const matches = q.keywords.map((k, i) =>
    k.typos.length
      ? sql<SqlBool>`(${substring[i]} or (case when ${count(trigrams[i]!)} >= ${k.need} and ${variants(
          k,
          i,
        )} then 1 else 0 end) = 1)`
      : substring[i]!,
  );
  const where = [...matches];
  const rank = sql<number>`case when ${like(exactNamePattern(q.phrase))} then 0 when ${like(
    namePrefixPattern(q.phrase),
  )} then 1 when ${and(substring)} then 2 else 3 end`;
  const shared = count(trigrams.flat());
  return { where: and(where), rank, shared };
}

/**
 * A typo's runs as FTS5 looks them up: one run is a phrase; two runs (one unknown letter between
 * them) are phrases at most 3 trigram tokens apart, the unknown letter's three trigrams.
 */
function typoFts(runs: string[]): string {
  const [first, second] = runs.map(ftsPhrase);
  return second ? `NEAR(${first} ${second}, 3)` : first!;
}

/**
 * The runs FTS5 must look up for one keyword: the keyword, and each typo's runs, without those
 * another single run already covers. A document holding "arbond" also holds "rbond", so with
 * "rbond" in the OR, "arbond" (and NEAR("sta" "rbond")) adds no match, only the cost of decoding
 * its trigrams' lists again: "starbond" went from 36 lookups to 9 (decision 050).
 */
export function keywordRuns(text: string, typos: Typo[]): string[][] {
  const all = [[text], ...typos.map((t) => t.runs)];
  const singles = [...new Set(all.filter((r) => r.length === 1).map((r) => r[0]!))];
  const covered = (runs: string[], self?: string) =>
    singles.some((q) => q !== self && runs.some((r) => r.includes(q)));
  const seen = new Set<string>();
  return all.filter((runs) => {
    const key = runs.join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return !covered(runs, runs.length === 1 ? runs[0] : undefined);
  });
}

/**
 * SQLite: an FTS5 query (trigram tokenizer: a phrase is a substring) that every match satisfies:
 * per keyword of 3+ characters, the keyword, or one of the words its typos are in (`words`), or,
 * where those are not known, all of one typo's runs.
 */
function ftsMatch(q: SearchQuery, words: TypoWords = []): string | null {
  // Every keyword has 3+ characters here: a shorter one is a padded gram (search.ts).
  const groups = q.keywords
    .map((k, i) => [k, words[i]] as const)
    .filter(([k]) => [...k.text].length >= 3)
    .map(([k, found]) =>
      found
        ? [...textsOf(k), ...found].map(ftsPhrase)
        : k.sound !== undefined
          ? textsOf(k).map(ftsPhrase)
          : keywordRuns(k.text, k.typos).map(typoFts),
    )
    .map((g) => `(${g.join(' OR ')})`);
  return groups.length ? groups.join(' AND ') : null;
}

/**
 * At most this many words of the goods' documents stand in for one keyword's typo variants
 * (decision 051); a keyword whose variants are in more words is looked up by its variants.
 */
export const TYPO_WORDS = 16;

/** Per keyword: the words its typos are in (`[]`: none, or no typo matching), or null: too many. */
type TypoWords = (string[] | null | undefined)[];

/**
 * The words (search_words, migration 0026) that hold one of the keyword's typo variants but not
 * the keyword as typed (its goods are found as typed): "starbond" → "starbound". A variant is
 * looked up among about as many words as goods at most, each a short text, and only the goods
 * holding those words are then read, not every goods holding a variant's runs ("sta", "bond").
 */
async function typoWords(db: Executor, k: SearchKeyword): Promise<string[] | null> {
  if (!k.typos.length) return [];
  const variant = (pattern: string) => sql<SqlBool>`w.word like ${pattern} escape '\\'`;
  const untyped = sql<SqlBool>`w.word not like ${containsPattern(k.text)} escape '\\'`;
  const { rows } =
    engineOf(db) === 'sqlite'
      ? await sql<{ word: string }>`select w.word from search_words w
          where w.rowid in (select rowid from search_words_idx where search_words_idx match ${keywordRuns(
            k.text,
            k.typos,
          )
            .map(typoFts)
            .join(' OR ')})
          and ${or(k.typos.map((t) => variant(t.pattern)))} and ${untyped}
          limit ${TYPO_WORDS + 1}`.execute(db)
      : // One index lookup per variant: the planner would rather scan the table than OR them.
        await sql<{ word: string }>`${sql.join(
          k.typos.map(
            (t) => sql`select w.word from search_words w where ${variant(t.pattern)} and ${untyped}`,
          ),
          sql` union `,
        )} limit ${TYPO_WORDS + 1}`.execute(db);
  return rows.length > TYPO_WORDS ? null : rows.map((r) => r.word).sort();
}

export type SearchFilter = {
  query: SearchQuery;
  categoryIds?: number[] | undefined;
  /** Per keyword, the words its typos are in, once looked up (typoWords); the rows looked at then hold one. */
  words?: TypoWords;
};

/**
 * At most this many goods are ranked for one search (decision 042). A keyword that matches more
 * as typed ("card" among 100,000 goods) lists the goods named by it, then its best sellers, so a
 * search costs about the same at any size; `total` is then this number.
 */
export const SEARCH_CAP = 1000;

/** `narrow`: on SQLite, the FTS5 query the rows are looked up by (null: none, walk an index). */
function base(db: Executor, filter: SearchFilter, narrow: string | null) {
  const { where } = predicates(filter.query, engineOf(db), filter.words);
  let query = db.selectFrom('goods as g').where('g.on_sale', '=', 1).where(where);
  if (filter.categoryIds)
    query = query.where('g.category_id', 'in', filter.categoryIds.length ? filter.categoryIds : [-1]);
  if (narrow)
    query = query.where(
      sql<SqlBool>`g.id in (select rowid from goods_search where goods_search match ${narrow})`,
    );
  return query;
}

/** The query as typed: the same keywords, no typo matching. */
const asTyped = (q: SearchQuery): SearchQuery => ({
  phrase: q.phrase,
  keywords: q.keywords.map((k) => ({ ...k, need: 0, typos: [] })),
});

/**
 * Whether more than SEARCH_CAP goods hold every keyword as typed. SQLite without a category: the
 * FTS5 matches counted up to the cap (the index walks rowids lazily). Otherwise the matches
 * themselves, counted up to the cap (pg_trgm's bitmap; a category's goods on SQLite).
 */
async function isDense(db: Executor, typed: SearchFilter): Promise<boolean> {
  if (engineOf(db) === 'sqlite' && !typed.categoryIds)
    return (await ftsCount(db, ftsMatch(typed.query)!, SEARCH_CAP)) > SEARCH_CAP;
  const row = await db
    .selectFrom(
      base(db, typed, null)
        .select('g.id')
        .limit(SEARCH_CAP + 1)
        .as('c'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > SEARCH_CAP;
}

/** How many rows FTS5 finds for `fts`, counted up to `upTo` + 1 (it walks rowids lazily). */
async function ftsCount(db: Executor, fts: string, upTo: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select rowid from goods_search where goods_search match ${fts} limit ${upTo + 1})`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite: up to how many goods FTS5 finds for a one-trigram query (`oneTrigram`), the best sellers
 * walk tests each goods for membership of those rows instead of reading it (decision 053).
 */
export const MEMBERSHIP_CAP = 3 * SEARCH_CAP;

/** Ranked: exact name, name prefix, substring, then typo (most shared trigrams); then sales. */
function ranked(db: Executor, filter: SearchFilter, narrow: string | null) {
  const { rank, shared } = predicates(filter.query, engineOf(db), filter.words);
  return base(db, filter, narrow)
    .select(CARD_COLUMNS.map((c) => `g.${c}` as const))
    .select([rank.as('rank'), shared.as('shared')])
    .orderBy('rank', 'asc')
    .orderBy('shared', 'desc')
    .orderBy('g.sales', 'desc')
    .orderBy('g.id', 'asc');
}

/**
 * Up to `limit` ids of goods that satisfy `where` (and the filter), best sellers first (sales, then
 * id, both descending). SQLite: when FTS5 finds at most SEARCH_CAP rows for `fts`, they are looked
 * up and sorted; otherwise the sales index is walked until `limit` are found (matches are common
 * then, so the walk is short). PostgreSQL's planner makes the same choice from pg_trgm's estimate.
 *
 * `oneTrigram`: `fts` is a single trigram of the index, one list of rows to read. With at most
 * MEMBERSHIP_CAP of them, the walk tests each goods' id against that list (built once, with a bloom
 * filter) before it reads the goods: the name tier of "星穹" among 100,000 goods walks about
 * 1,050 goods to find its 20, and reads 20 of them instead of 1,050 (decision 053).
 */
async function bestSellers(
  db: Executor,
  filter: SearchFilter,
  where: RawBuilder<SqlBool> | null,
  fts: string | null,
  limit: number,
  oneTrigram = false,
): Promise<number[]> {
  const found =
    fts && !filter.categoryIds
      ? await ftsCount(db, fts, oneTrigram ? MEMBERSHIP_CAP : SEARCH_CAP)
      : Number.POSITIVE_INFINITY;
  const narrow = found <= SEARCH_CAP ? fts : null;
  let query = base(db, filter, narrow);
  // `+`: the id is tested, not used to find the goods (the walk stays on the sales index).
  if (oneTrigram && !narrow && found <= MEMBERSHIP_CAP)
    query = query.where(
      sql<SqlBool>`+g.id in (select rowid from goods_search where goods_search match ${fts})`,
    );
  if (where) query = query.where(where);
  const rows = await query
    .select('g.id')
    .orderBy('g.sales', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** One page of a search and its total (SEARCH_CAP when the keywords are common). */
export async function searchPage(
  db: Executor,
  filter: SearchFilter,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: GoodsCardRow[] }> {
  const sqlite = engineOf(db) === 'sqlite';
  const typed: SearchFilter = { ...filter, query: asTyped(filter.query) };
  const phrase = filter.query.phrase;
  const end = Math.min(offset + limit, SEARCH_CAP);
  // The goods named by the phrase, best sellers first: the first tier of a common keyword's page.
  // (A one-character phrase has no name tier: "ǂ" and one character are no trigram to look up.)
  const named = (): Promise<number[]> =>
    [...phrase].length < 2 || offset >= SEARCH_CAP
      ? Promise.resolve([])
      : bestSellers(
          db,
          typed,
          like(namePrefixPattern(phrase)),
          sqlite ? namePrefixFts(phrase) : null,
          end,
          // The KEY mark and two characters: one trigram.
          [...phrase].length === 2,
        );
  // PostgreSQL answers on a pool of connections: the name tier is asked next to the density check,
  // and is left unused when the keyword is not common (both are index lookups of the same few
  // goods then). SQLite runs one statement at a time: it asks only when it needs to.
  const early = sqlite ? undefined : named();
  early?.catch(() => undefined);
  if (!(await isDense(db, typed))) {
    // Few matches as typed: every match, typos included, is ranked. SQLite looks the rows up by
    // FTS5 (as typed, or a typo's runs where they stand). PostgreSQL: the goods holding every
    // keyword as typed, and those holding a typo variant, each a LIKE pg_trgm looks up (the planner
    // will not OR that many index scans inside the match predicate: it scanned the table instead).
    // One keyword: the union of those lookups. Several: per keyword its own set (as typed or a
    // variant), the sets intersected, a BitmapAnd of BitmapOrs, so only goods that may match every
    // keyword are read (the union read every variant's goods: "snowfield brawl" took 250 ms among
    // 100,000 goods, 17 ms so; decision 050).
    // SQLite: the rows FTS5 finds are looked up once, then counted and ranked (two statements
    // each asking FTS5 again decoded the same trigram lists twice), passed as one JSON array.
    const { keywords } = filter.query;
    const words: TypoWords = await Promise.all(keywords.map((k) => typoWords(db, k)));
    const fts = sqlite ? ftsMatch(filter.query, words) : null;
    const found = fts
      ? JSON.stringify(
          (
            await sql<{
              id: number;
            }>`select rowid as id from goods_search where goods_search match ${fts}`.execute(db)
          ).rows.map((r) => r.id),
        )
      : null;
    // Per keyword, what the goods are looked up by: the keyword and the words its typos are in.
    // Without those words (too many), several keywords: the LIKE patterns of its runs
    // (keywordRuns), the same goods or more than its typo variants, which the match predicate then
    // narrows; one keyword: its own variants, each an index lookup of its own (runs would widen
    // them: "铁卫马克杯" 20 → 34 ms).
    const patterns = (k: SearchKeyword, i: number): string[] => {
      const inWords = words[i];
      if (inWords) return [k.text, ...inWords].map(containsPattern);
      return keywords.length > 1
        ? keywordRuns(k.text, k.typos).map((runs) => `%${runs.map(escapeLike).join('_')}%`)
        : [containsPattern(k.text), ...k.typos.map((t) => t.pattern)];
    };
    const lookUp = (pattern: string) =>
      sql`select t.id from goods t where t.search_text like ${pattern} escape '\\'`;
    const candidates =
      found !== null
        ? sql<SqlBool>`g.id in (select value from json_each(${found}))`
        : sqlite || !keywords.some((k) => k.typos.length)
          ? sql<SqlBool>`1 = 1`
          : keywords.length > 1
            ? and(keywords.map((k, i) => or(patterns(k, i).map(like))))
            : sql<SqlBool>`g.id in (${sql.join(patterns(keywords[0]!, 0).map(lookUp), sql` union `)})`;
    const among = { ...filter, words };
    const [row, rows] = await Promise.all([
      base(db, among, null)
        .where(candidates)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      ranked(db, among, null).where(candidates).offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(row?.n ?? 0), rows };
  }
  if (offset >= SEARCH_CAP) return { total: SEARCH_CAP, rows: [] };
  // Many matches as typed: the goods whose name starts with the phrase (the exact names first),
  // then every other match, each best sellers first; only as many as this page needs.
  const prefix = await (early ?? named());
  // The named goods' cards are read at once (with their documents, to put the exact names first);
  // when they fill the page, no other match is looked for.
  const cards = (ids: number[]) =>
    ids.length
      ? db
          .selectFrom('goods as g')
          .select([...CARD_COLUMNS.map((c) => `g.${c}` as const), 'g.search_text'])
          .where('g.id', 'in', ids)
          .execute()
      : Promise.resolve([]);
  const byId = new Map((await cards(prefix)).map((r) => [r.id, r]));
  const exact = prefix.filter((id) => isExactName(byId.get(id)!.search_text, phrase));
  const names = [...new Set([...exact, ...prefix])];
  // Every other match: common, as isDense found, so the sales index is walked.
  const rest = names.length >= end ? [] : await bestSellers(db, typed, null, null, end + names.length);
  const ids = [...new Set([...names, ...rest])].slice(offset, end);
  for (const row of await cards(ids.filter((id) => !byId.has(id)))) byId.set(row.id, row);
  return { total: SEARCH_CAP, rows: ids.map((id) => byId.get(id)!) };
}

/** SQLite's text indexes of the search (migrations 0023 and 0026). */
const TEXT_INDEXES = ['goods_search', 'search_words_idx'] as const;

/**
 * SQLite's text indexes merged into one segment each at once (FTS5's `optimize`), as after a bulk
 * load: the scale seed's 100,000 goods took 1.6 s. A live shop merges a step at a time instead
 * (`mergeSearchIndexes`). PostgreSQL's GIN indexes are tidied by VACUUM.
 */
export async function optimizeSearchIndexes(db: Executor): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const index of TEXT_INDEXES)
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
}
/** Leaf pages merged per step of `mergeSearchIndexes`: about 11 ms of work (decision 051). */
export const MERGE_STEP_PAGES = 250;

/**
 * One step of merging SQLite's text indexes into one segment each (FTS5's incremental optimize,
 * `'merge'` with a negative page count); true while work is left. Goods written one at a time leave
 * an index in many segments, each of which every lookup visits: a typo's lookup among the words
 * took 2.0 ms so at 100,000 goods, 0.26 ms merged. PostgreSQL's GIN indexes need no such step.
 */
export async function mergeSearchIndexes(db: Executor): Promise<boolean> {
  if (engineOf(db) !== 'sqlite') return false;
  const changes = async () =>
    Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n);
  let left = false;
  for (const index of TEXT_INDEXES) {
    const before = await changes();
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('merge', ${-MERGE_STEP_PAGES})`.execute(
      db,
    );
    // FTS5 counts the command itself as one change; more means it merged pages.
    if ((await changes()) - before >= 2) left = true;
  }
  return left;
}
