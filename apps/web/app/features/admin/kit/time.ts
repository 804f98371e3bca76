import type { Locale } from '@shop/domain/locale';

/** A time in the viewer's own time zone, with the zone named (issue 14: times are labelled). */
export function formatTime(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}

/** The viewer's time zone as shown beside time columns, e.g. "Asia/Shanghai (UTC+8)". */
export function viewerZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = -new Date().getTimezoneOffset();
  // "UTC (UTC+0)" says it twice.
  if (offset === 0 && /^(Etc\/)?(UTC|GMT)$/.test(zone)) return 'UTC';
  const sign = offset >= 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `${zone} (UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''})`;
}
