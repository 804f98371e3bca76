// SPEC §7: only GET requests are retried automatically, once, on these statuses.
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const MAX_RETRIES = 1;

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return method.toUpperCase() === 'GET' && attempt < MAX_RETRIES && RETRY_STATUSES.has(status);
}
