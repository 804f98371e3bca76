// Merchandise ships to an address, or it is not paid (issue 12, decision 030), in a real browser
// against the real API, in both languages, on a desktop and on a phone. For each: the buyer (with
// an empty address book) buys a shipped goods with Buy now; checkout shows the address step and
// Pay waits (the API refuses a crafted payment too); the buyer adds an address in the dialog —
// the form names what is missing, province → city → district cascade — and it lands on the order;
// Pay by balance; the order detail shows the address; /user/address lists it as the default.
import { beforeAll, describe, expect, it } from 'vitest';
import { hasFocus, type Lang, PHONE, shot, T, testShop } from './fixture';
import { hasChromium } from './harness';

type Device = 'desktop' | 'phone';
/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): the Neon Strike mouse pad, goods that ship. */
const SHIPPED_GOODS = 15;
const CHECKOUT_URL = /\/user\/order\/checkout\/(\w+)$/;
const RECIPIENT: Record<Lang, string> = { 'zh-CN': '林小雨', en: 'Lin Xiaoyu' };

type Region = { id: number; name: string; children: Region[] };
type Goods = { name: string; ships: boolean; skus: Array<{ id: number; spec: string }> };
type OrderAddress = { recipient: string; phone: string; province: string; city: string; district: string };

const shop = testShop();
let token = '';

const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown, lang: Lang = 'zh-CN') =>
  shop.api<T>(method, url, { body, token, lang });

/** The buyer's book emptied, so each journey starts without an address. */
async function emptyBook() {
  const book = await call<{ list: Array<{ id: number }> }>('GET', '/api/front/address/list');
  for (const a of book.data.list) await call('POST', '/api/front/address/remove', { id: a.id });
}

const CASES: Array<[Lang, Device]> = [
  ['zh-CN', 'desktop'],
  ['zh-CN', 'phone'],
  ['en', 'desktop'],
  ['en', 'phone'],
];

describe.skipIf(!hasChromium())('merchandise ships to an address', () => {
  beforeAll(async () => {
    token = await shop.login();
  });

  it.each(CASES)(
    '%s on a %s: checkout waits for an address, takes one from the dialog, and the order keeps it',
    async (lang, device) => {
      const t = T[lang];
      const tag = `${lang}-${device}`;
      await emptyBook();
      const goods = (await call<Goods>('GET', `/api/front/goods/detail?id=${SHIPPED_GOODS}`, undefined, lang))
        .data;
      expect(goods.ships).toBe(true);
      const regions = (await call<Region[]>('GET', '/api/front/region/list', undefined, lang)).data;
      // Guangdong › Shenzhen › Nanshan: a province of several cities, so each level is chosen.
      const province = regions.find((r) => r.children.length > 1)!;
      const city = province.children[1]!;
      const district = city.children[1]!;

      const page = await shop.signedInPage(token, `/category/goods/${SHIPPED_GOODS}`, {
        lang,
        ...(device === 'phone' ? PHONE : {}),
      });
      try {
        const main = page.locator('main');
        await page.getByRole('heading', { level: 1, name: goods.name }).waitFor();
        await page.getByRole('radio', { name: goods.skus[0]!.spec }).check({ force: true });
        await page
          .getByRole('button', { name: t.goods.buyNow, exact: true })
          .filter({ visible: true })
          .first()
          .click();
        await page.waitForURL(CHECKOUT_URL);
        const oid = CHECKOUT_URL.exec(page.url())![1]!;

        // No address: the step says so and Pay waits; the API refuses a crafted payment as well.
        const step = main.getByTestId('checkout-address');
        await expect.poll(() => step.getAttribute('data-state')).toBe('missing');
        await step.getByText(t.address.checkout.needed, { exact: true }).waitFor();
        const pay = main.getByTestId('checkout-pay');
        await main.getByTestId('checkout-pay-blocked').getByText(t.address.checkout.payBlocked).waitFor();
        await expect(pay.isDisabled()).resolves.toBe(true);
        const crafted = await call('POST', '/api/front/order/pay', { oid, method: 'balance' }, lang);
        expect([crafted.code, crafted.msg]).toEqual([
          400,
          lang === 'en'
            ? 'This order has goods to ship; choose a delivery address before paying'
            : '订单中有需要邮寄的商品，请先选择收货地址再付款',
        ]);
        await shot(page, `address-checkout-missing-${tag}.png`);

        // The book is empty: the dialog opens on the form. An empty save names each field.
        await step.getByTestId('checkout-address-choose').click();
        const dialog = page.getByTestId('checkout-address-dialog');
        const form = dialog.getByTestId('address-form');
        await form.waitFor();
        await form.getByRole('button', { name: t.address.form.save, exact: true }).click();
        for (const error of [
          t.address.errors.recipientRequired,
          t.address.errors.phoneRequired,
          t.address.errors.provinceRequired,
          t.address.errors.detailRequired,
        ])
          await form.locator(`p:text-is("${error}")`).waitFor();
        await expect(hasFocus(form.getByLabel(t.address.form.recipient))).resolves.toBe(true);

        await form.getByLabel(t.address.form.recipient).fill(RECIPIENT[lang]);
        await form.getByLabel(t.address.form.phone).fill('12345');
        await form.locator(`p:text-is("${t.address.errors.phoneInvalid}")`).waitFor();
        await form.getByLabel(t.address.form.phone).fill('139 1234 5678');
        // Province → city → district: each opens when the one above is chosen.
        const citySelect = form.getByLabel(t.address.form.city, { exact: true });
        const districtSelect = form.getByLabel(t.address.form.district, { exact: true });
        await expect(citySelect.isDisabled()).resolves.toBe(true);
        await form.getByLabel(t.address.form.province, { exact: true }).selectOption(String(province.id));
        await expect.poll(() => citySelect.isEnabled()).toBe(true);
        await expect(districtSelect.isDisabled()).resolves.toBe(true);
        await expect(citySelect.locator('option').allTextContents()).resolves.toEqual([
          t.address.form.chooseCity,
          ...province.children.map((c) => c.name),
        ]);
        await citySelect.selectOption(String(city.id));
        await expect.poll(() => districtSelect.isEnabled()).toBe(true);
        await districtSelect.selectOption(String(district.id));
        await form
          .getByLabel(t.address.form.detail)
          .fill(lang === 'en' ? 'Keji Road 8, Room 1203' : '科技园路 8 号 1203 室');
        await shot(page, `address-form-${tag}.png`);
        await form.getByRole('button', { name: t.address.form.save, exact: true }).click();

        // Copied onto the order: the step shows it and Pay is open.
        await expect.poll(() => step.getAttribute('data-state')).toBe('set');
        await dialog.waitFor({ state: 'detached' });
        await step.getByText(RECIPIENT[lang], { exact: true }).waitFor();
        await step.getByText(district.name, { exact: false }).waitFor();
        await expect(main.getByTestId('checkout-pay-blocked').count()).resolves.toBe(0);
        await shot(page, `address-checkout-set-${tag}.png`);

        await main.getByRole('radio', { name: new RegExp(t.payment.balance) }).check({ force: true });
        await expect.poll(() => pay.isEnabled()).toBe(true);
        await pay.click();
        await page.waitForURL(new RegExp(`/user/order/detail/${oid}$`));
        const shown = main.getByTestId('order-address');
        await shown.getByText(RECIPIENT[lang], { exact: true }).waitFor();
        await shown.getByText('13912345678', { exact: true }).waitFor();
        await shown.getByText(district.name, { exact: false }).waitFor();
        await shot(page, `address-order-${tag}.png`);

        const order = await call<{ status: string; address: OrderAddress }>(
          'GET',
          `/api/front/order/detail?oid=${oid}`,
          undefined,
          lang,
        );
        expect(order.data.status).toBe('delivering');
        expect(order.data.address).toMatchObject({
          recipient: RECIPIENT[lang],
          phone: '13912345678',
          province: province.name,
          city: city.name,
          district: district.name,
        });

        // The book has it, as the default, reachable from the account menu.
        await page.goto(`${shop.baseUrl}/user/center`);
        await main.getByRole('link', { name: t.nav.address }).first().click();
        await page.waitForURL(/\/user\/address$/);
        const item = main.getByTestId('address-item');
        await item.getByText(RECIPIENT[lang], { exact: true }).waitFor();
        await item.getByText(t.address.defaultBadge, { exact: true }).waitFor();
        await shot(page, `address-book-${tag}.png`);
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
