import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** The game-server picker of a direct top-up (goods page and player page). */
export function ServerSelect({
  id,
  servers,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; servers: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t('player.server')}
      </label>
      <select id={id} required className="input h-11" {...select}>
        <option value="">{t('player.chooseServer')}</option>
        {servers.map((server) => (
          <option key={server.id} value={server.id}>
            {server.name}
          </option>
        ))}
      </select>
    </div>
  );
}
