import { pinyin } from 'pinyin-pro';

// Goods search (issue 16, decisions 041 and 042). Each goods carries one search document,
// `search_text`:
//
//   ' ǂ<name zh> ǂ<name en> ǂ<pinyin> ǂ<pin yin> ǂ<initials> ǂ \u0001 <subtitle zh> \u0001
//     <subtitle en> \u0001 <category zh> \u0001 <category en> \u0003 <grams> '
//
// lower-cased, whitespace collapsed, with a space at both ends so a word's first and last
// trigrams (" st", "nd ") are substrings too. The key mark ǂ (U+01C2, a letter no buyer types)
// starts each name key, joined to the key's first word, so "exact name" and "name prefix" are
// plain LIKE patterns whose trigrams ("ǂst") both trigram indexes can look up. Every predicate
// and every ranking term is a LIKE over this one column, so SQLite and PostgreSQL give the same
// answer for the same rows; the engines' text indexes (FTS5 trigram, pg_trgm GIN) only narrow
// which rows are looked at.

export const KEY = '\u01c2';
export const FIELD = '\u0001';
export const GRAMS = '\u0003';

/**
 * Keywords of 4 to 32 characters also match with one typo: one letter missing, extra, wrong or
 * two swapped (a LIKE pattern per variant), when the document also holds at least this share of
 * the keyword's trigrams (what the trigram indexes look up, and what ranks typo matches).
 */
export const TYPO_MIN_LENGTH = 4;
export const TYPO_MAX_LENGTH = 32;
export const TYPO_SHARE = 0.34;

const normalize = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[\p{Cc}\u01c2]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const HAN = /\p{Script=Han}/u;

/** The pinyin of a zh-CN name: full ("xingqiongluren"), spaced syllables and initials ("xqlr"). */
export function pinyinKeys(name: string): { full: string; spaced: string; initials: string } {
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

export type SearchParts = {
  name_zh: string;
  name_en: string;
  subtitle_zh: string;
  subtitle_en: string;
  category_zh: string;
  category_en: string;
};

/** Keywords shorter than this are looked up as whole grams (see `gramsOf`). */
export const SHORT_LENGTH = 3;

/**
 * The document's short grams, each a word of its own: every Chinese character and pair of
 * characters, the first one and two letters of every other word, and every sign. A keyword of one or two
 * characters (卡, 星穹, "xq") matches as `' keyword '`, which both trigram indexes can look up
 * (a bare two-character substring has no trigram: it was a scan of every goods).
 */
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
export function searchTextOf(p: SearchParts): string {
  const py = pinyinKeys(p.name_zh);
  const keys = [p.name_zh, p.name_en, py.full, py.spaced, py.initials].map(normalize);
  const fields = [p.subtitle_zh, p.subtitle_en, p.category_zh, p.category_en].map(normalize);
  const grams = gramsOf([...keys, ...fields]);
  return ` ${KEY}${keys.join(` ${KEY}`)} ${KEY} ${FIELD} ${fields.join(` ${FIELD} `)} ${GRAMS} ${grams.join(' ')} `;
}

export type SearchKeyword = {
  /** What the document must hold: the keyword, or for a short one ' keyword ' (a gram). */
  text: string;
  /** Distinct trigrams of ' text ' (typo matching); empty outside the typo lengths. */
  trigrams: string[];
  /** How many of `trigrams` a document must contain to match with a typo. */
  need: number;
  /** The keyword with one edit (LIKE patterns, escape backslash); empty with `trigrams`. */
  typos: Typo[];
  /** A keyword by sound (`bySound`): its pinyin syllables, space-separated; `text` is unused then. */
  sound?: string;
};

export type SearchQuery = { phrase: string; keywords: SearchKeyword[] };

/** A keyword with one edit: a LIKE pattern, and its literal runs of 3+ characters. */
export type Typo = { pattern: string; runs: string[] };

/**
 * The keyword with one edit: a letter missing, extra, wrong, or two swapped. Only variants that
 * keep a run of at least 3 letters as typed: a trigram index can look those up.
 */
function oneEdit(chars: string[]): Typo[] {
  const out = new Map<string, Typo>();
  const add = (...parts: string[][]) => {
    const runs = parts.map((p) => p.join('')).filter((p) => [...p].length >= 3);
    if (!runs.length) return;
    const pattern = `%${parts.map((p) => escapeLike(p.join(''))).join('_')}%`;
    out.set(pattern, { pattern, runs });
  };
  for (let i = 0; i <= chars.length; i++) {
    const [head, tail] = [chars.slice(0, i), chars.slice(i)];
    add(head, tail); // a letter missing from the keyword
    if (i < chars.length) {
      add([...head, ...chars.slice(i + 1)]); // an extra letter in the keyword
      add(head, chars.slice(i + 1)); // a wrong letter
    }
    if (i + 1 < chars.length && chars[i] !== chars[i + 1])
      add([...head, chars[i + 1]!, chars[i]!, ...chars.slice(i + 2)]); // two swapped
  }
  return [...out.values()];
}

/** Keywords: lower-cased, split on spaces (at most 8); every one must match. */
export function parseSearch(keyword: string): SearchQuery {
  const words = normalize(keyword).split(' ').filter(Boolean).slice(0, 8);
  return {
    phrase: words.join(' '),
    keywords: words.map((text) => {
      const chars = [...text];
      if (chars.length < SHORT_LENGTH) return { text: ` ${text} `, trigrams: [], need: 0, typos: [] };
      if (chars.length < TYPO_MIN_LENGTH || chars.length > TYPO_MAX_LENGTH)
        return { text, trigrams: [], need: 0, typos: [] };
      const padded = [' ', ...chars, ' '];
      const trigrams = new Set<string>();
      for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3).join(''));
      return {
        text,
        trigrams: [...trigrams],
        need: Math.ceil(trigrams.size * TYPO_SHARE),
        typos: oneEdit(chars),
      };
    }),
  };
}

/**
 * The query by sound, for Chinese keywords that found nothing (issue 29, decision 059): "星琼"
 * finds 星穹旅人. A keyword holding Chinese characters becomes its pinyin syllables ("xing qiong",
 * as `pinyinKeys` writes a name's), which a name's spaced pinyin key must hold from one syllable's
 * start to another's end (`soundPatterns`). Other keywords stay as typed. No typos: a
 * same-sounding word is the match asked for; one edit more would be a guess. Null when no keyword
 * holds a Chinese character, or one has no pinyin.
 */
export function bySound(q: SearchQuery): SearchQuery | null {
  const words = q.phrase.split(' ').filter(Boolean);
  if (!words.some((w) => HAN.test(w))) return null;
  const spoken = words.map((w) => (HAN.test(w) ? pinyinKeys(w).spaced : w));
  if (spoken.some((w) => !w)) return null;
  return {
    phrase: spoken.join(' '),
    keywords: q.keywords.map((k, i) =>
      HAN.test(words[i]!)
        ? { text: `${KEY}${spoken[i]} `, trigrams: [], need: 0, typos: [], sound: spoken[i]! }
        : { ...k, need: 0, typos: [] },
    ),
  };
}

/**
 * A keyword by sound matches where a name key holds its syllables after the key mark or a space and
 * before a space ("ji yuan" holds "ji yuan", not "ji yu" nor "i yuan"): LIKE patterns, one of which
 * the document must match. A space-led match must come before the last key mark: the short grams
 * after the keys ("… j ji yu …") would hold "ji yu" too.
 */
export function soundPatterns(sound: string): string[] {
  const s = escapeLike(sound);
  return [`%${KEY}${s} %`, `% ${s} %${KEY}%`];
}

/** The texts one of which a document matching the keyword as typed holds (FTS5 looks them up). */
export const textsOf = (k: SearchKeyword): string[] =>
  k.sound === undefined ? [k.text] : [`${KEY}${k.sound} `, ` ${k.sound} `];

/** LIKE patterns: a name key that is the phrase, or starts with it; and the FTS5 phrase of a prefix. */
export const exactNamePattern = (phrase: string): string => `%${KEY}${escapeLike(phrase)} ${KEY}%`;
export const namePrefixPattern = (phrase: string): string => `%${KEY}${escapeLike(phrase)}%`;
export const namePrefixFts = (phrase: string): string => ftsPhrase(`${KEY}${phrase}`);
/** What `exactNamePattern` tests, for a document already read. */
export const isExactName = (searchText: string, phrase: string): boolean =>
  searchText.includes(`${KEY}${phrase} ${KEY}`);

/** A LIKE pattern matching `s` literally anywhere (escape character backslash). */
export function containsPattern(s: string): string {
  return `%${escapeLike(s)}%`;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An FTS5 string (a phrase: with the trigram tokenizer, a substring). */
export function ftsPhrase(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}
