import { SPEC_TYPE } from '@shop/domain/catalog';
import { useState } from 'react';
import { DEFAULT_CART_QUANTITY } from '@shop/domain/constants';
import { useTranslation } from '../../i18n/use-translation';
import { DIRECT_TOP_UP, type GoodsDetail } from '../../lib/catalog';
import {
  chargedCnyFor,
  clampQuantity,
  defaultOption,
  goodsOptions,
  hasDiscount,
  lineTotal,
  quantityLimit,
} from '../../lib/goods-options';
import { hydratedMark } from '../../lib/hydrated-mark';
import { ChargedCny } from '../../components/ui/charged-cny';
import { OptionPicker } from './option-picker';
import { PlayerFields } from './player-fields';
import { Price } from '../../components/ui/price';
import { PurchaseBar } from './purchase-bar';
import { QuantityStepper } from './quantity-stepper';
import { useGoodsPurchase } from './use-goods-purchase';
import { TierList, tierAt } from '../promotions';

/**
 * The goods page's price, choices (option, player fields of a direct top-up, quantity), total and
 * Add to cart / Buy now: a chunk of its own (lib/lazy-part.ts, routes/goods-detail.tsx), rendered
 * in full by the server.
 */
export default function GoodsPurchase({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation();
  const options = goodsOptions(goods);
  const [selectedKey, setSelectedKey] = useState(() => defaultOption(options)?.key);
  const selected = options.find((o) => o.key === selectedKey);
  const direct = goods.recharge_type === DIRECT_TOP_UP;
  // Issue 12: a top-up face value is bought once per line unless the goods allows more.
  const single = direct && goods.topup_quantity === false;
  const limit = single ? 1 : quantityLimit(goods.max_quantity, selected);
  const [rawQuantity, setQuantity] = useState(DEFAULT_CART_QUANTITY);
  const quantity = clampQuantity(rawQuantity, limit);
  const available = goods.in_stock && defaultOption(options) !== undefined;
  // Issue 31: from a tier's quantity on, its price is the unit price (the API's figure).
  const tier = selected ? tierAt(selected.tiers, quantity, goods.currency) : undefined;
  const total = selected ? lineTotal(tier?.price ?? selected.price, quantity, goods.currency) : undefined;
  const charged =
    total && goods.currency !== 'CNY' ? chargedCnyFor(total, goods.currency, goods.exchange_rate) : undefined;
  const price = selected?.price ?? goods.price;
  const original = selected?.original_price ?? null;
  const purchase = useGoodsPurchase({ goods, selected, quantity });

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">{t('goods.price')}</span>
          <Price
            value={price}
            currency={goods.currency}
            className="text-2xl font-extrabold text-brand-700 md:text-3xl"
          />
          {!selected && options.length > 1 ? (
            <span className="text-sm text-brand-800">{t('goods.priceFrom')}</span>
          ) : null}
          {original && hasDiscount(price, original, goods.currency) ? (
            <span className="text-sm text-stone-600">
              <span className="sr-only">{t('goods.originalPrice')}</span>
              <Price value={original} currency={goods.currency} strike />
            </span>
          ) : null}
        </p>
        <p className="text-xs text-stone-600">{t('goods.sold', { count: goods.sales })}</p>
      </div>

      <form className="mt-5 space-y-5" onSubmit={(e) => e.preventDefault()} noValidate {...hydratedMark}>
        {options.length ? (
          <OptionPicker
            legend={goods.spec_type === SPEC_TYPE.FACE_VALUE ? t('goods.faceValue') : t('goods.spec')}
            name={`goods-${goods.id}-option`}
            options={options}
            value={selectedKey}
            currency={goods.currency}
            onChange={setSelectedKey}
          />
        ) : null}
        {selected && selected.tiers.length ? (
          <TierList tiers={selected.tiers} currency={goods.currency} active={tier?.min_num} />
        ) : null}
        {direct ? <PlayerFields {...purchase.player} /> : null}
        {single ? (
          <p className="text-xs text-stone-600" data-testid="topup-once">
            {t('topUp.once')}
          </p>
        ) : (
          <QuantityStepper value={quantity} max={limit} disabled={!selected} onChange={setQuantity} />
        )}
        {total ? (
          <p className="flex items-baseline gap-2 text-sm text-stone-700" aria-live="polite">
            {t('goods.total')}
            <Price
              value={total}
              currency={goods.currency}
              className="text-lg font-bold text-stone-900"
              testId="goods-total"
            />
          </p>
        ) : null}
        {total && charged ? (
          // A USD buyer is charged CNY: what this total will charge, at today's rate (decision 031).
          <dl className="text-sm text-stone-700">
            <ChargedCny
              currency={goods.currency}
              totalCny={charged}
              rate={goods.exchange_rate}
              frozen={false}
              testId="goods-total-cny"
            />
          </dl>
        ) : null}
      </form>
      <PurchaseBar
        soldOut={!available || !selected}
        gated={purchase.gated}
        busy={purchase.busy}
        price={total ?? price}
        currency={goods.currency}
        onRun={purchase.run}
      />
    </>
  );
}
