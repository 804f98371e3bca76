import { useTranslation } from '../../i18n/use-translation';

/**
 * Where a direct top-up goes, under a cart line or an order item: the server and the character.
 * Server names may hold a "·" themselves, so the two stay separate pieces.
 */
export function TopUpTarget({ server, playerId }: { server: string; playerId: string }) {
  const { t } = useTranslation();
  if (!server && !playerId) return null;
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-stone-600">
      {server ? <span>{t('cart.server', { name: server })}</span> : null}
      {playerId ? <span className="break-all">{t('cart.playerId', { id: playerId })}</span> : null}
    </p>
  );
}
