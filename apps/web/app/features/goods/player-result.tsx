import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { PlayerCheck } from './player-gate';
import { CloseIcon, ShieldIcon } from '../../components/ui/icons';

export type { PlayerCheck };

/**
 * The answer of a player check, announced politely to screen readers. With `confirm` (the goods
 * page, issue 12) a found player asks the buyer to make sure the nickname is theirs, and an answer
 * is scrolled into view when it arrives below the screen's edge: on a phone, above the sticky buy
 * bar (at most 8rem tall, issue 29), which would otherwise hide the nickname to confirm.
 */
export function PlayerResult({ check, confirm = false }: { check: PlayerCheck; confirm?: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const answered = check.status === 'found' || check.status === 'missing';
  useEffect(() => {
    if (confirm && answered) box.current?.scrollIntoView({ block: 'nearest' });
  }, [confirm, answered, check]);
  return (
    <div
      ref={box}
      role="status"
      aria-live="polite"
      data-testid="player-result"
      className="scroll-mt-20 max-md:scroll-mb-32"
    >
      {check.status === 'checking' ? (
        <p className="text-sm text-stone-600">{t('player.checking')}</p>
      ) : check.status === 'found' ? (
        <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <ShieldIcon size={18} className="mt-0.5 shrink-0" />
          <span className="min-w-0">
            <span className="font-semibold wrap-anywhere" data-testid="player-nickname">
              {t('player.found', { nickname: check.info.nickname })}
            </span>
            <span className="block text-xs wrap-anywhere text-emerald-800">
              {t('player.foundDetail', { server: check.info.server, id: check.info.player_id })}
            </span>
            {confirm ? (
              <span className="mt-0.5 block text-xs text-emerald-800">{t('topUp.confirm')}</span>
            ) : null}
          </span>
        </p>
      ) : check.status === 'missing' ? (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          <CloseIcon size={18} className="mt-0.5 shrink-0" />
          <span>{check.message}</span>
        </p>
      ) : null}
    </div>
  );
}
