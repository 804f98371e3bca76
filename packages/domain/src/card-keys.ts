// Card key files and how the console shows a key (issue 14). The operator's import reads a text or
// CSV/TXT file, or text pasted from a spreadsheet; the console (in the browser) and
// `npm run import-keys` (on the server) read it with the same rules, so a line is a key or a bad
// line alike in both, and the API refuses what these rules call bad.

/** The longest secret a key may have (UTF-16 units, as the request schemas count). */
export const CARD_KEY_MAX_LENGTH = 500;
/**
 * The longest line of a key file sent as it is (issue 29): a key and the other columns of its row;
 * a longer line is a bad line (too_long) before it is sent.
 */
export const KEY_FILE_LINE_MAX = 4_000;
/** The most lines (keys and bad lines) one import request carries. */
export const CARD_KEY_BATCH_MAX = 500;
/** Why a line of a key file is not imported (`quote`: a quoted field is never closed, issue 29). */
export const BAD_LINE_REASONS = ['empty', 'too_long', 'control', 'quote'] as const;
export type BadLineReason = (typeof BAD_LINE_REASONS)[number];
/** Why a key is not imported although it is well formed. */
export const DUPLICATE_REASONS = ['stored', 'repeated'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** A key of the file and its 1-based line number. */
export type KeyLine = { line: number; secret: string };
export type BadLine = { line: number; reason: BadLineReason };
export type ParsedKeys = { keys: KeyLine[]; bad: BadLine[] };

/** A first row naming the column, skipped (as CSV exports of other shops have). */
const HEADER = /^(key|keys|code|codes|card|cards|secret|卡密|卡号)$/i;
/** The characters a single-line text refuses in the API (packages/contract text.ts): controls,
 * lone surrogates, line and paragraph separators. */
const REFUSED = /[\p{Cc}\p{Cs}\u2028\u2029]/u;

/** Why a key (the trimmed first column of a line) cannot be stored, or null when it can. */
export function keyProblem(secret: string): BadLineReason | null {
  if (secret === '') return 'empty';
  if (secret.length > CARD_KEY_MAX_LENGTH) return 'too_long';
  if (REFUSED.test(secret)) return 'control';
  return null;
}

/** The first column of a line: a quoted CSV field (`""` is a quote), or up to a comma or tab. */
function firstColumn(line: string): string {
  const start = line.trimStart();
  if (start.startsWith('"')) {
    const quoted = /^"((?:[^"]|"")*)"/.exec(start);
    // An unclosed quote: the rest of the line is the field.
    return (quoted ? quoted[1]! : start.slice(1)).replace(/""/g, '"').trim();
  }
  return line.split(/[,\t]/, 1)[0]!.trim();
}

/**
 * The keys of a text or CSV file, one per line: the first column (a comma or a tab ends it, a
 * spreadsheet's copied column pastes as tab-separated), quotes removed, trimmed. Blank lines are
 * skipped, and a first line that only names the column. A line whose key is empty, too long or
 * holds control characters is a bad line. Line numbers count every line of the text from 1.
 */
export function parseKeyText(text: string): ParsedKeys {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const keys: KeyLine[] = [];
  const bad: BadLine[] = [];
  let first = true;
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const secret = firstColumn(raw);
    const isHeader = first && HEADER.test(secret);
    first = false;
    if (isHeader) return;
    const problem = keyProblem(secret);
    if (problem) bad.push({ line: index + 1, reason: problem });
    else keys.push({ line: index + 1, secret });
  });
  return { keys, bad };
}

/** One import request's lines: keys and bad lines in file order, at most `size` lines each. */
export function keyBatches(parsed: ParsedKeys, size = CARD_KEY_BATCH_MAX): ParsedKeys[] {
  const all = [
    ...parsed.keys.map((k) => ({ line: k.line, key: k as KeyLine | null, bad: null as BadLine | null })),
    ...parsed.bad.map((b) => ({ line: b.line, key: null, bad: b })),
  ].sort((a, b) => a.line - b.line);
  const out: ParsedKeys[] = [];
  for (let i = 0; i < all.length; i += size) {
    const slice = all.slice(i, i + size);
    out.push({
      keys: slice.flatMap((e) => (e.key ? [e.key] : [])),
      bad: slice.flatMap((e) => (e.bad ? [e.bad] : [])),
    });
  }
  return out;
}

const MASK = '••••';

/**
 * A key as lists show it: enough to tell keys apart (first 4 and last 2 characters of a long
 * key, first 2 and last 1 of a shorter one), never enough to use it. Short keys show nothing.
 */
export function maskSecret(secret: string): string {
  const chars = Array.from(secret);
  if (chars.length >= 12) return `${chars.slice(0, 4).join('')}${MASK}${chars.slice(-2).join('')}`;
  if (chars.length >= 6) return `${chars.slice(0, 2).join('')}${MASK}${chars.slice(-1).join('')}`;
  return MASK;
}
