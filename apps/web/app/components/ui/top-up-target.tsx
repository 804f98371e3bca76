import { useTranslation } from '../../i18n/use-translation';

/**
 * Where a direct top-up goes, under a cart line or an order item: "player id · server · nickname"
 * (issue 12; the nickname the supplier returned, when there is one). Server names may hold a "·"
 * themselves, so each piece keeps its label.
 */
export function TopUpTarget({
  server,
  playerId,
  nickname = '',
}: {
  server: string;
  playerId: string;
  nickname?: string;
}) {
  const { t } = useTranslation();
  const parts = [
    playerId ? t('cart.playerId', { id: playerId }) : '',
    server ? t('cart.server', { name: server }) : '',
    nickname ? t('topUp.nickname', { nickname }) : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-stone-600" data-testid="top-up-target">
      {parts.map((part, i) => (
        // The "·" ends its piece, so a wrapped line never starts with one; an id breaks only when
        // it does not fit on a line of its own.
        <span key={i} className="wrap-anywhere">
          {part}
          {i < parts.length - 1 ? <span aria-hidden="true"> ·</span> : null}
        </span>
      ))}
    </p>
  );
}
