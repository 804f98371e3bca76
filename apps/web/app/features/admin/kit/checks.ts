import { HREF_PATTERN } from '@shop/contract/admin/content.limits';
import type { AdminT } from './use-admin-t';

// The checks the console makes before sending a form (issue 14); the server checks again, in the
// operator's language. Each message names the field.

type Pair = { zh: string; en: string };

/** An address check as the API makes it: a web address or a path of the shop. */
export function hrefError(t: AdminT, label: string, value: string, required: boolean): string | undefined {
  const v = value.trim();
  if (!v) return required ? t('common.required', { field: label }) : undefined;
  return HREF_PATTERN.test(v) ? undefined : t('content.common.badHref', { field: label });
}

/** A whole number within bounds, as typed; the message names the field. */
export function wholeError(
  t: AdminT,
  label: string,
  value: string,
  bounds: { min: number; max: number },
): string | undefined {
  if (!/^\d+$/.test(value.trim())) return t('content.common.wholeNumber', { field: label });
  const n = Number(value);
  return n < bounds.min || n > bounds.max
    ? t('content.common.range', { field: label, min: bounds.min, max: bounds.max })
    : undefined;
}

/** A text both languages must have: each missing one is named. */
export function bothRequired(t: AdminT, label: string, value: Pair): Partial<Pair> {
  const need = (v: string, lang: 'inZh' | 'inEn') =>
    v.trim() ? undefined : t('common.required', { field: t(`content.common.${lang}`, { field: label }) });
  return { zh: need(value.zh, 'inZh'), en: need(value.en, 'inEn') };
}

/** Whether the checks found anything (the found messages, nested per language). */
export function anyError(found: object): boolean {
  return Object.values(found).some((v) => (v && typeof v === 'object' ? anyError(v) : Boolean(v)));
}
