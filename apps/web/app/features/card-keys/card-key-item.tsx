import { useEffect, useRef, useState } from 'react';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { message } from '../../lib/toast';
import { cardView, copySecret, type DeliveredCard } from './card-keys';
import { formatDateTime } from '../../lib/order-format';
import { CopyIcon, EyeIcon } from '../../components/ui/icons';
import { formatMoney } from '../../lib/format';
import { differs } from '../promotions';

/**
 * One delivered key: masked until the buyer reveals it (the server records every reveal, decision
 * 020), then shown in a monospace box with a copy button until the page is left.
 */
export function CardKeyItem({
  card,
  secret,
  onReveal,
  showDeliveredAt = true,
}: {
  card: DeliveredCard;
  /** The secret, once revealed on this page. */
  secret: string | undefined;
  /** Asks the server for the secret; rejects after its pop-up has shown why. */
  onReveal: (id: number) => Promise<void>;
  /** Off where the order's heading already says when its keys were delivered (all keys, issue 12). */
  showDeliveredAt?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const view = cardView(card, secret);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const revealedHere = useRef(false);

  // The reveal button goes away once the secret shows: keyboard focus moves on to "copy".
  useEffect(() => {
    if (view.shown && revealedHere.current) copyButton.current?.focus();
  }, [view.shown]);

  async function reveal() {
    setBusy(true);
    try {
      revealedHere.current = true;
      await onReveal(card.id);
    } catch {
      // The shared client already showed why (SPEC §8); the key stays masked.
      revealedHere.current = false;
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!view.shown) return;
    const outcome = await copySecret(view.text, {
      clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
      selectAndCopy: () => selectAndCopy(box.current),
    });
    if (outcome === 'copied') message.success(t('orderCard.copied'));
    else message.info(t('orderCard.selected'));
  }

  const label = `card-key-${card.id}`;
  return (
    <li
      className="rounded-lg border border-stone-200 p-3.5 sm:p-4"
      data-testid="card-key"
      data-id={card.id}
      data-revealed={view.revealed || undefined}
      aria-labelledby={label}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={label} className="text-sm font-medium text-stone-900">
            {card.spec || card.goods_name}
          </p>
          <KeyPrice card={card} />
          {showDeliveredAt ? (
            <p className="mt-0.5 text-xs text-stone-500 tabular-nums">
              {t('orderCard.deliveredAt', { time: formatDateTime(card.delivered_at, locale) })}
            </p>
          ) : null}
        </div>
        {view.revealed ? (
          <span
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 ring-1 ring-stone-200"
            title={t('orderCard.revealedHint')}
            data-testid="card-revealed"
          >
            <EyeIcon size={16} />
            {t('orderCard.revealed')}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <div aria-live="polite" className="min-w-0 flex-1">
          {view.shown ? (
            <code
              ref={box}
              className="block h-full rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 font-mono text-[15px] leading-6 break-all text-stone-900 select-all"
              data-testid="card-secret"
            >
              {view.text}
            </code>
          ) : (
            <span
              className="block rounded-lg border border-dashed border-stone-300 bg-stone-50 px-3 py-2.5 font-mono text-[15px] leading-6 tracking-wider text-stone-500 select-none"
              data-testid="card-mask"
            >
              <span aria-hidden="true">{view.text}</span>
              <span className="sr-only">{t('orderCard.hidden')}</span>
            </span>
          )}
        </div>
        {view.shown ? (
          <button
            ref={copyButton}
            type="button"
            onClick={copy}
            className="btn-outline h-11 shrink-0 px-5"
            aria-describedby={label}
          >
            <CopyIcon size={16} />
            {t('orderCard.copy')}
          </button>
        ) : (
          <button
            type="button"
            onClick={reveal}
            disabled={busy}
            aria-busy={busy || undefined}
            className="btn-primary h-11 shrink-0 px-5"
            aria-describedby={label}
          >
            <EyeIcon size={16} />
            {busy ? t('orderCard.revealing') : t('orderCard.reveal')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * Where the Clipboard API is missing (a page not served over HTTPS) or refuses: select the secret so
 * the buyer can copy it by hand, and try the old copy command, which still works there.
 */
function selectAndCopy(element: HTMLElement | null): boolean {
  if (!element) return false;
  const selection = window.getSelection();
  if (!selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}

/**
 * What one key cost (issue 31): its list price and, when the order's discounts took something off,
 * what was paid for it (the item's paid amount over its keys, as the API sends it).
 */
function KeyPrice({ card }: { card: DeliveredCard }) {
  const { t } = useTranslation();
  if (!card.list_price) return null;
  const list = formatMoney(card.list_price, card.currency);
  return (
    <p className="mt-0.5 text-xs text-stone-600 tabular-nums" data-testid="card-price">
      {differs(card.list_price, card.paid_price, card.currency)
        ? t('promotions.keyPrice', { list, paid: formatMoney(card.paid_price, card.currency) })
        : t('promotions.keyListPrice', { list })}
    </p>
  );
}
