// Every price adds up (issue 12, decision 031), read off the screen as a buyer would: an English
// buyer's goods page, cart, checkout, order detail and asset log, on a phone and a desktop. Every
// shown amount has the one money format (symbol, thousands separated, two decimals); lines are
// unit × quantity, the subtotal and total are their sum, and the CNY charged converted back at the
// rate printed beside it is the total. The cart mixes an explicit USD price (Tidewave 12 months,
// $21.99 for ¥144) with a converted one (PlayNest ¥200 card, ¥199 → $27.46).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { convertMinor, parseRate } from '@shop/domain/money';
import en from '../../app/i18n/en.json';
import { testShop } from './fixture';
import { fill, hasChromium, hydrated, SHOP_VARIANTS } from './harness';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
/** Set to a directory to keep screenshots of each page (they are looked at by hand). */
const SHOTS = process.env.E2E_SHOTS;

type Sku = { id: number; spec: string; price: string };
type Detail = { id: number; name: string; skus: Sku[]; exchange_rate: string };
type Order = { oid: string; total_amount: string; total_cny: string };

// Large unpaid orders on purpose (amounts past $1,000): the per-buyer hold cap is raised.
const shop = testShop(SHOP_VARIANTS.manyReserved);
let token = '';

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  shop.api<T>(method, path, { body, token, lang: 'en' });

/** "$1,043.70" → 104370, after checking it is written in the one money format with `symbol`. */
function minor(text: string | null, symbol: '$' | '¥'): number {
  const match = /^([¥$])(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec((text ?? '').trim());
  expect(match, `money format of ${JSON.stringify(text)}`).not.toBeNull();
  expect(match![1]).toBe(symbol);
  return Number(match![2]!.replace(/,/g, '')) * 100 + Number(match![3]);
}

/** The rate of a rate line ("… 1 CNY = 0.138 USD …") in millionths. */
function rateOf(text: string | null): bigint {
  const match = /1\sCNY\s=\s([\d.]+)\sUSD/.exec(text ?? '');
  expect(match, `rate line ${JSON.stringify(text)}`).not.toBeNull();
  return parseRate(match![1]!)!;
}

/** The CNY charged and the rate line inside `scope`: charged × rate must give `total` back. */
async function chargedAddsUp(page: Page, scope: string, total: number) {
  const box = page.getByTestId(scope);
  const charged = minor(await box.getByTestId('charged-cny').textContent(), '¥');
  const rate = rateOf(await box.getByTestId('charged-rate').textContent());
  expect(convertMinor(charged, rate), `${scope}: ¥${charged / 100} at ${rate} ppm`).toBe(total);
  return { charged, rate };
}

/** Each line of `line` rows is unit × quantity; returns the line amounts. */
async function linesAddUp(page: Page, row: string): Promise<number[]> {
  const rows = page.getByTestId(row);
  const amounts: number[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const line = rows.nth(i);
    const unit = minor(await line.getByTestId('line-unit').textContent(), '$');
    const num = Number(await line.getByTestId('line-num').textContent());
    const amount = minor(await line.getByTestId('line-total').textContent(), '$');
    expect(amount, `line ${i + 1}: ${unit} × ${num}`).toBe(unit * num);
    amounts.push(amount);
  }
  return amounts;
}

const sum = (list: number[]) => list.reduce((s, x) => s + x, 0);

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function goodsNamed(keyword: string): Promise<Detail> {
  const found = await call<{ list: Array<{ id: number }> }>(
    'GET',
    `/api/front/goods/search?keyword=${keyword}`,
  );
  return (await call<Detail>('GET', `/api/front/goods/detail?id=${found.data.list[0]!.id}`)).data;
}

describe.skipIf(!hasChromium())('every price adds up for an English buyer', () => {
  beforeAll(async () => {
    token = await shop.login();
  });

  it('goods page, cart, checkout, order detail and asset log add up, at 390×844 and 1280×800', async () => {
    const tidewave = await goodsNamed('Tidewave');
    const yearly = tidewave.skus.find((s) => s.spec === '12 months')!;
    const monthly = tidewave.skus.find((s) => s.spec === '1 month')!;
    expect(yearly.price).toBe('21.99'); // the explicit USD price
    const playnest = await goodsNamed('PlayNest');
    const card200 = playnest.skus.find((s) => s.spec === '¥200 card')!;

    for (const viewport of VIEWPORTS) {
      const tag = `${viewport.width}x${viewport.height}`;
      // The goods page: 3 × $21.99 and the CNY it will charge at today's rate.
      const page = await shop.signedInPage(token, `/category/goods/${tidewave.id}`, { lang: 'en', viewport });
      await page.getByRole('heading', { level: 1, name: tidewave.name }).waitFor();
      await hydrated(page);
      await page.getByRole('radio', { name: yearly.spec }).check({ force: true });
      const quantity = page.getByLabel(en.goods.quantity, { exact: true });
      await quantity.fill('3');
      await quantity.press('Enter');
      await expect.poll(() => page.getByTestId('goods-total').textContent()).toBe('$65.97');
      await chargedAddsUp(page, 'goods-total-cny', 6_597);
      await shot(page, `goods-${tag}`);

      // The cart: two lines, one with thousands in it.
      const lines = await call<Array<{ id: number }>>('GET', '/api/front/goods/cart/show');
      for (const line of lines.data) await call('POST', '/api/front/goods/cart/remove', { id: line.id });
      const added = await call('POST', '/api/front/goods/cart/add', {
        items: [
          { goods_id: tidewave.id, goods_sku_id: yearly.id, num: 10 },
          { goods_id: playnest.id, goods_sku_id: card200.id, num: 30 },
        ],
      });
      expect(added.code).toBe(200);
      await page.goto(`${shop.baseUrl}/cart`);
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
      await hydrated(page);
      const cartLines = await linesAddUp(page, 'cart-line');
      const cartTotal = minor(await page.getByTestId('cart-total').textContent(), '$');
      expect(cartTotal).toBe(sum(cartLines));
      expect(cartTotal).toBe(21_990 + 82_380); // $219.90 + $823.80 = $1,043.70
      const cart = await chargedAddsUp(page, 'cart-total-cny', cartTotal);
      await shot(page, `cart-${tag}`);

      // Checkout: the order froze the cart's figures.
      await page.getByTestId('cart-checkout').click();
      await page.waitForURL(/\/user\/order\/checkout\/\w+$/);
      const oid = /\/checkout\/(\w+)$/.exec(page.url())![1]!;
      await page.getByTestId('order-item').first().waitFor();
      for (const path of [`/user/order/checkout/${oid}`, `/user/order/detail/${oid}`]) {
        if (!page.url().endsWith(path)) {
          await page.goto(shop.baseUrl + path);
          await page.getByTestId('order-item').first().waitFor();
        }
        const amounts = await linesAddUp(page, 'order-item');
        expect([...amounts].sort((a, b) => a - b)).toEqual([...cartLines].sort((a, b) => a - b));
        const subtotal = minor(await page.getByTestId('order-subtotal').textContent(), '$');
        const total = minor(await page.getByTestId('order-total').textContent(), '$');
        expect([subtotal, total]).toEqual([sum(amounts), sum(amounts)]);
        expect(await chargedAddsUp(page, 'order-total-cny', total)).toEqual(cart);
        await shot(page, `${path.includes('checkout') ? 'checkout' : 'detail'}-${tag}`);
      }
      expect((await call('POST', '/api/front/order/cancel', { oid })).code).toBe(200);

      // The asset log: a USD order paid from the CNY balance says what the CNY paid for.
      const small = await call<{ oid: string }>('POST', '/api/front/order/create', {
        items: [{ goods_id: tidewave.id, goods_sku_id: monthly.id, num: 1 }],
      });
      expect(
        (await call('POST', '/api/front/order/pay', { oid: small.data.oid, method: 'balance' })).code,
      ).toBe(200);
      const paid = (await call<Order>('GET', `/api/front/order/detail?oid=${small.data.oid}`)).data;
      await page.goto(`${shop.baseUrl}/user/asset/log`);
      const entry = page.getByTestId('ledger-entry').first();
      await entry.getByTestId('ledger-ref').getByText(small.data.oid, { exact: true }).waitFor();
      const debited = minor(
        (await entry.getByTestId('ledger-amount').textContent())!.replace('\u2212', ''),
        '¥',
      );
      const paidFor = await entry.getByTestId('ledger-paid-for').textContent();
      const usd = minor(/(\$[\d,.]+)/.exec(paidFor ?? '')![1]!, '$');
      expect(paidFor).toBe(fill(en.pricing.paidFor, { amount: '$2.49', rate: '0.138', currency: 'USD' }));
      expect(convertMinor(debited, rateOf(paidFor))).toBe(usd);
      expect([debited, usd]).toEqual([minor(`¥${paid.total_cny}`, '¥'), minor(`$${paid.total_amount}`, '$')]);
      await shot(page, `asset-log-${tag}`);

      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});
