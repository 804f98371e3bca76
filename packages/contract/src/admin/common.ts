import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { text } from '../text.ts';

// Shapes every console area uses: server-side paging with a sort column and direction, ids,
// on/off flags and bilingual texts.

/** `page`/`limit` as on the buyers' API, plus a sort column (one of `columns`) and direction. */
export function listQuery<const C extends readonly [string, ...string[]]>(columns: C) {
  return pageQuery.extend({
    sort: z.enum(columns).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
  });
}

export const idField = z.coerce.number().int().min(1);
export const idBody = z.object({ id: idField });
export const idQuery = z.object({ id: idField });
export const flag = z.union([z.literal(0), z.literal(1)]);
export const sortField = z.number().int().min(0).max(1_000_000);
/** Epoch milliseconds, as every time on the wire. */
export const epochMs = z.number().int();

/** `<base>_zh` and `<base>_en` request fields with the same bounds. */
export function bilingual<const B extends string>(
  base: B,
  options: { max: number; min?: number; multiline?: boolean },
) {
  return {
    [`${base}_zh`]: text(options),
    [`${base}_en`]: text(options),
  } as { [K in `${B}_zh` | `${B}_en`]: ReturnType<typeof text> };
}
