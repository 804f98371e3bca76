import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { nextPollDelay, QR_POLL, type PollOutcome, type PollSchedule } from './payment';

export type PollingPhase = 'idle' | 'waiting' | 'expired' | 'settled';

export interface PaymentPolling {
  /** idle: no key; waiting: checks are being made; expired: the schedule ran out; settled: paid or closed. */
  phase: PollingPhase;
  /** Checks at once (the buyer says they paid, or the schedule ran out and they ask again). */
  checkNow(): void;
}

/**
 * Asks `check` on `schedule` (lib/payment nextPollDelay) while `key` is not null, until it answers
 * paid or closed, then calls `onSettled` once. A new key (or null: the QR code was closed, the page
 * left) stops the checks and aborts the one under way, quietly (lib/http.ts). A failed check is
 * made again later, with a longer wait. Coming back to the tab checks at once.
 */
export function usePaymentPolling(
  key: string | null,
  check: (signal: AbortSignal) => Promise<PollOutcome>,
  onSettled: (outcome: Exclude<PollOutcome, 'waiting'>) => void,
  options: { schedule?: PollSchedule; immediate?: boolean } = {},
): PaymentPolling {
  const schedule = options.schedule ?? QR_POLL;
  const immediate = options.immediate ?? false;
  // A round is one run of the schedule for the key; "check now" after it expired starts another.
  const [round, setRound] = useState(0);
  const [ended, setEnded] = useState<{ tag: string; phase: 'expired' | 'settled' } | null>(null);
  const runCheck = useEffectEvent((signal: AbortSignal) => check(signal));
  const settle = useEffectEvent((outcome: Exclude<PollOutcome, 'waiting'>) => onSettled(outcome));
  const now = useRef<(() => void) | null>(null);
  const tag = key === null ? null : `${key}#${round}`;

  useEffect(() => {
    if (tag === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    const startedAt = Date.now();
    let timer: number | undefined;
    let inFlight = false;
    let failures = 0;

    const next = () => {
      const delay = nextPollDelay(schedule, Date.now() - startedAt, failures);
      if (delay === null) setEnded({ tag, phase: 'expired' });
      else timer = window.setTimeout(run, delay);
    };
    async function run() {
      timer = undefined;
      if (inFlight || signal.aborted) return;
      inFlight = true;
      let outcome: PollOutcome = 'waiting';
      try {
        outcome = await runCheck(signal);
        failures = 0;
      } catch {
        failures++;
      } finally {
        inFlight = false;
      }
      if (signal.aborted) return;
      if (outcome === 'waiting') return next();
      setEnded({ tag: tag!, phase: 'settled' });
      settle(outcome);
    }
    const runNow = () => {
      if (timer === undefined) return; // a check is under way, or the round is over
      window.clearTimeout(timer);
      void run();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') runNow();
    };

    now.current = runNow;
    document.addEventListener('visibilitychange', onVisible);
    if (immediate || round > 0) void run();
    else next();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      if (now.current === runNow) now.current = null;
    };
  }, [tag, round, schedule, immediate]);

  const phase: PollingPhase =
    tag === null ? 'idle' : ended !== null && ended.tag === tag ? ended.phase : 'waiting';

  const checkNow = useCallback(() => {
    if (phase === 'expired') setRound((n) => n + 1);
    else now.current?.();
  }, [phase]);

  return { phase, checkNow };
}
