import { useTranslation } from '../../i18n/use-translation';
import type { GoodsCard } from '../../lib/catalog';

const STYLES: Record<GoodsCard['recharge_type'], string> = {
  1: 'bg-violet-100 text-violet-800',
  2: 'bg-emerald-100 text-emerald-800',
  3: 'bg-sky-100 text-sky-800',
};

/** 卡密 / 直充 / 人工: how the goods is delivered (ARCHITECTURE.md §5). */
export function RechargeBadge({
  type,
  className = '',
}: {
  type: GoodsCard['recharge_type'];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] leading-4 font-semibold ${STYLES[type] ?? STYLES[1]} ${className}`}
    >
      {t(`goods.rechargeType.${type}`)}
    </span>
  );
}
