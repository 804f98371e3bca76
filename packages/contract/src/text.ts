import { z } from 'zod';
import { isStoredLink } from './link.ts';

// The one way a request schema takes a string (issue 11, decision 024). Every string a client
// sends is bounded by the size of the column it may reach (apps/api/src/db/migrations) and refuses
// characters that make no sense in it: PostgreSQL cannot store NUL in text and refuses an
// over-long varchar, so without these checks the same input was a 400 on SQLite and a 500 on
// PostgreSQL. packages/contract/src/text.test.ts walks every request schema to prove it.

/**
 * Why a value is refused, for the checks whose zod default says too little. A schema's custom
 * message is one of these keys; the API words each in the buyer's language
 * (apps/api/src/plugins/validation-messages.ts), never the key itself.
 */
export const REASON = {
  controlCharacters: 'control_characters',
  format: 'format',
  sixDigits: 'six_digits',
  keyCharacters: 'key_characters',
  date: 'date',
  /** A date as YYYY-MM-DD, or the empty text that clears it (a union's own message). */
  dateOrEmpty: 'date_or_empty',
  pastDate: 'past_date',
  amount: 'amount',
  uploadAddress: 'upload_address',
  wholeNumber: 'whole_number',
  mainlandMobile: 'mainland_mobile',
  link: 'link',
} as const;
export type ReasonKey = (typeof REASON)[keyof typeof REASON];

/** C0 and C1 controls (tab and line breaks too), line/paragraph separators, lone surrogates. */
const SINGLE_LINE_REFUSED = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** The same, but a message may hold tabs and line breaks. */
const MULTILINE_REFUSED = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
/** Printable ASCII without spaces: what a reference made by a machine (key, trade number) holds. */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/** Whether a text has a character refused in a single-line (or, with `multiline`, any) field. */
export function hasRefusedCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTILINE_REFUSED : SINGLE_LINE_REFUSED).test(value);
}

export type TextOptions = {
  /** Most characters (UTF-16 units, never more than the column's characters); required. */
  max: number;
  /** Fewest characters after trimming; 1 makes the field required to be non-empty. */
  min?: number;
  /** Allow tabs and line breaks (a ticket message); other controls are still refused. */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); passwords keep theirs. */
  trim?: boolean;
  /**
   * Lower-case before the bounds: for a value the server stores lower-cased (an account), whose
   * length can grow ('İ' is two characters in lower case) past its column.
   */
  lowercase?: boolean;
};

/** Text typed by a person (a nickname, a keyword, a message): bounded, no control characters. */
export function text({ max, min = 0, multiline = false, trim = true, lowercase = false }: TextOptions) {
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (lowercase) schema = schema.toLowerCase();
  if (min > 0) schema = schema.min(min);
  return schema
    .max(max)
    .refine((v) => !hasRefusedCharacters(v, multiline), { message: REASON.controlCharacters });
}

export type IdentifierOptions = {
  max: number;
  /** Default 1: an identifier is never empty unless told. */
  min?: number;
  /** The whole value must match (anchored); default printable ASCII without spaces. */
  pattern?: RegExp;
  /** What the buyer is told when the pattern does not match; default "not in the right format". */
  reason?: ReasonKey;
  /** Trim surrounding whitespace first (default); a provider's trade number is taken as sent. */
  trim?: boolean;
};

/** A reference made by a machine (order number, key, trade number): bounded ASCII of a known shape. */
export function identifier({
  max,
  min = 1,
  pattern = VISIBLE_ASCII,
  reason = REASON.format,
  trim = true,
}: IdentifierOptions) {
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min);
  return schema
    .max(max)
    .refine((v) => !hasRefusedCharacters(v), { message: REASON.controlCharacters })
    .regex(pattern, reason);
}

/**
 * A link the shop stores and shows (a banner's link, a picture's address): empty unless `min`, else
 * a path of the shop or an http(s) address by the one rule of link.ts (issue 29).
 */
export function link({
  max,
  min = 0,
  reason = REASON.link,
}: {
  max: number;
  min?: number;
  reason?: ReasonKey;
}) {
  return text({ max, min }).refine((v) => (v === '' && min === 0) || isStoredLink(v), { message: reason });
}

/**
 * A field the server ignores (the cart's `price`, `currency`, `server`: the server prices every
 * line). It is still bounded like any input, then dropped, so it can never reach anything.
 */
export function ignored(description: string) {
  return z
    .union([text({ max: 64 }), z.number(), z.boolean(), z.null()])
    .optional()
    .describe(description)
    .transform(() => undefined);
}
