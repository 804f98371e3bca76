import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isApiError } from './http';

interface Settled<T> {
  /** The key and round the answer belongs to. */
  tag: string;
  data?: T;
  error?: unknown;
}

export interface Remote<T> {
  /** The last answer, kept while a newer one loads (a page change dims the list instead of blanking it). */
  data: T | undefined;
  /** The current key's load failed (its pop-up already showed, lib/http.ts). */
  error: unknown;
  /** A load for the current key (or a reload) is under way. */
  loading: boolean;
  reload(): void;
}

/**
 * Loads `load()` in the browser whenever `key` changes (null: not yet, e.g. before the token is
 * known); an answer for an older key is dropped. Authenticated reads live here rather than in route
 * loaders: the token is only in the browser (SPEC §3), so the server cannot make them.
 *
 * Older requests are left to finish and their answers dropped (they are single small reads).
 */
export function useRemote<T>(key: string | null, load: () => Promise<T>): Remote<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [round, setRound] = useState(0);
  const run = useEffectEvent(() => load());
  const tag = key === null ? null : `${key}#${round}`;

  useEffect(() => {
    if (tag === null) return;
    let live = true;
    run().then(
      (data) => live && setSettled({ tag, data }),
      (error: unknown) => live && setSettled((prev) => ({ tag, data: prev?.data, error })),
    );
    return () => {
      live = false;
    };
  }, [tag]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = settled !== null && settled.tag === tag;
  return {
    data: settled?.data,
    error: current ? settled.error : undefined,
    loading: tag !== null && !current,
    reload,
  };
}

/** The API answered that the thing does not exist (404), or the id is not one it would accept (400). */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && error.kind === 'api' && (error.status === 404 || error.status === 400);
}
