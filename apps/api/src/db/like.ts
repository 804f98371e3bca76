import { type RawBuilder, sql } from 'kysely';

// Substring search for the console's filters (issue 14), the same on both engines: LIKE on
// SQLite is case-insensitive for ASCII and on PostgreSQL is not, so both sides are lower-cased;
// the keyword's own % _ \ match literally.

/** Escapes LIKE wildcards so a keyword matches literally (with `escape '\'`). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `keyword`, in any case. */
export function containsText(column: string, keyword: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(keyword.toLowerCase())} escape '\\'`;
}
