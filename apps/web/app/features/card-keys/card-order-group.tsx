import { useId, useState } from 'react';
import { Link } from 'react-router';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { copyAllText, orderSecrets, type OrderKeys, type RevealedKey } from './card-keys';
import { message } from '../../lib/toast';
import { copySecret } from './card-keys';
import { formatDateTime } from '../../lib/order-format';
import { ORDER_DETAIL_PATH } from '../../lib/order';
import { CopyIcon, EyeIcon, ReceiptIcon } from '../../components/ui/icons';
import { CardInstructions } from './card-group';
import { CardKeyItem } from './card-key-item';

/**
 * One order on the all-keys page (issue 12, decision 034): its number (a link to the order), when
 * its keys came, and its keys on this page by goods. "Reveal all" asks for every key of the order
 * at once (each reveal recorded by the server); then "Copy all" copies them, one per line.
 */
export function CardOrderGroup({
  order,
  secrets,
  revealedAll,
  onReveal,
  onRevealAll,
}: {
  order: OrderKeys;
  /** Secrets revealed on this page, by key id. */
  secrets: ReadonlyMap<number, string>;
  /** The answer of "reveal all" for this order, once given. */
  revealedAll: readonly RevealedKey[] | undefined;
  onReveal: (id: number) => Promise<void>;
  /** Rejects after the shared client's pop-up has shown why. */
  onRevealAll: (oid: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const heading = useId();
  const [busy, setBusy] = useState(false);
  const all = orderSecrets(order, secrets, revealedAll);
  const partial = order.cards.length < order.total;

  async function revealAll() {
    setBusy(true);
    try {
      await onRevealAll(order.oid);
    } catch {
      // The pop-up already said why; the keys stay as they were.
    } finally {
      setBusy(false);
    }
  }

  async function copyAll() {
    if (!all) return;
    const text = copyAllText(all);
    const outcome = await copySecret(text, {
      clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
      selectAndCopy: () => copyThroughTextarea(text),
    });
    if (outcome === 'copied') message.success(t('cardKeys.copiedAll', { count: all.length }));
    else message.info(t('cardKeys.copyAllFailed'));
  }

  return (
    <section
      aria-labelledby={heading}
      className="card overflow-hidden"
      data-testid="card-order"
      data-oid={order.oid}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-b border-stone-100 bg-stone-50/60 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h2 id={heading} className="text-sm font-semibold text-stone-900">
            <Link
              to={ORDER_DETAIL_PATH(order.oid)}
              className="whitespace-nowrap tabular-nums hover:text-brand-700 hover:underline"
            >
              {t('order.number', { oid: order.oid })}
            </Link>
          </h2>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-stone-600">
            <time dateTime={new Date(order.deliveredAt).toISOString()} className="tabular-nums">
              {t('orderCard.deliveredAt', { time: formatDateTime(order.deliveredAt, locale) })}
            </time>
            <span data-testid="card-order-count">
              {partial
                ? t('cardKeys.partOnPage', { shown: order.cards.length, count: order.total })
                : t('cardKeys.keysInOrder', { count: order.total })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {all ? (
            <button
              type="button"
              onClick={copyAll}
              className="btn-primary h-10 px-4"
              aria-label={t('cardKeys.copyAllLabel', { oid: order.oid })}
            >
              <CopyIcon size={16} />
              {t('cardKeys.copyAll')}
            </button>
          ) : (
            <button
              type="button"
              onClick={revealAll}
              disabled={busy}
              aria-busy={busy || undefined}
              className="btn-primary h-10 px-4"
              aria-label={t('cardKeys.revealAllLabel', { oid: order.oid })}
            >
              <EyeIcon size={16} />
              {busy ? t('cardKeys.revealingAll') : t('cardKeys.revealAll')}
            </button>
          )}
          <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-outline h-10 px-4">
            <ReceiptIcon size={16} />
            {t('cardKeys.viewOrder')}
          </Link>
        </div>
      </div>
      <div className="space-y-5 p-4 sm:px-6">
        {order.goods.map((goods) => (
          <div key={`${goods.goodsName}|${goods.cards[0]?.id}`} data-testid="card-order-goods">
            <h3 className="text-sm font-semibold text-stone-900">{goods.goodsName}</h3>
            <ul className="mt-3 space-y-3">
              {goods.cards.map((card) => (
                <CardKeyItem
                  key={card.id}
                  card={card}
                  secret={secrets.get(card.id)}
                  onReveal={onReveal}
                  showDeliveredAt={false}
                />
              ))}
            </ul>
            <CardInstructions text={goods.instructions} collapsed />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Copies through a hidden text area and the old copy command, where the Clipboard API is missing
 * or refused (a page not served over HTTPS). The keys stay shown for copying by hand when it fails.
 */
function copyThroughTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  try {
    area.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
}
