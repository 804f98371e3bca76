// Operators' alerts (issue 32, "Done when"), in a real browser against the real API and its jobs
// runner, in both languages. The owner opens the console's Alerts page, subscribes to "order needs
// manual delivery" by mail and Telegram with a chat id, and saves. The demo buyer then buys and pays
// a merchandise order (the Mushroom Town keychain, manual delivery) by balance; the alert reaches
// the owner's mail (the dev outbox) and the development Telegram sandbox (no bot token is set), each
// once, and the Alerts page's delivery log shows both deliveries sent, in the page's language. The
// Alerts and Alert channels pages are screenshotted at phone width, where nothing is wider than the
// screen.
import { describe, expect, it } from 'vitest';
import alertsEn from '../../app/i18n/admin/alerts.en.json';
import alertsZh from '../../app/i18n/admin/alerts.zh-CN.json';
import { type Lang, OWNER, shot, testShop, toast } from './fixture';
import { addDefaultAddress, hasChromium } from './harness';

const A = { 'zh-CN': alertsZh, en: alertsEn } as const;
/** Demo catalog: the Mushroom Town plush keychain, manual delivery (type 3), SKUs in stock. */
const MANUAL_GOODS = 16;
const CHAT = { 'zh-CN': '700100', en: '700200' } as const;

type Sent = { chat_id: string; text: string };
type Mail = { recipient: string; subject: string; body: string };

const shop = testShop();

describe.skipIf(!hasChromium())('operators alerts', () => {
  it.each(['zh-CN', 'en'] as const)(
    'reach the owner by mail and Telegram when a merchandise order is paid (%s)',
    async (lang: Lang) => {
      const a = A[lang];
      const page = await shop.consoleLogin(lang);
      try {
        await page.goto(`${shop.baseUrl}/admin/alerts`);
        const form = page.getByTestId('alert-subscriptions');
        await form.getByTestId('sub-order_manual-email').check();
        await form.getByTestId('sub-order_manual-telegram').check();
        await form.getByLabel(a.mine.chat, { exact: true }).fill(CHAT[lang]);
        await form.getByRole('button', { name: a.mine.save, exact: true }).click();
        await toast(page, a.mine.saved).waitFor();

        // The buyer pays a merchandise order by balance (the order path the checkout page calls).
        const token = await shop.login();
        await addDefaultAddress(shop.baseUrl, token);
        const goods = await shop.api<{ skus: { id: number }[] }>(
          'GET',
          `/api/front/goods/detail?id=${MANUAL_GOODS}`,
        );
        const created = await shop.api<{ oid: string }>('POST', '/api/front/order/create', {
          token,
          lang,
          body: { items: [{ goods_id: MANUAL_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
          headers: { 'idempotency-key': `e2e-alerts-${lang}-${Date.now()}` },
        });
        expect(created.code, created.msg).toBe(200);
        const oid = created.data.oid;
        const paid = await shop.api<{ status: string }>('POST', '/api/front/order/pay', {
          token,
          lang,
          body: { oid, method: 'balance' },
        });
        expect(paid.code, paid.msg).toBe(200);

        // Telegram (the sandbox) and mail (the dev outbox), once each.
        await expect
          .poll(
            async () =>
              (await shop.api<{ list: Sent[] }>('GET', '/api/dev/telegram')).data.list.filter((m) =>
                m.text.includes(oid),
              ),
            { timeout: 15_000 },
          )
          .toEqual([expect.objectContaining({ chat_id: CHAT[lang] })]);
        const telegram = (await shop.api<{ list: Sent[] }>('GET', '/api/dev/telegram')).data.list.find((m) =>
          m.text.includes(oid),
        )!;
        expect(telegram.text).toContain(`订单 ${oid} 待人工发货`);
        expect(telegram.text).toContain(`Order ${oid} needs manual delivery`);
        await expect
          .poll(
            async () =>
              (await shop.api<{ list: Mail[] }>('GET', '/api/dev/outbox')).data.list.filter(
                (m) => m.recipient === OWNER.email && m.body.includes(oid),
              ).length,
            { timeout: 15_000 },
          )
          .toBe(1);

        // The delivery log, in the page's language, at phone width.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        const title = lang === 'en' ? `Order ${oid} needs manual delivery` : `订单 ${oid} 待人工发货`;
        const log = page.getByTestId('alert-deliveries');
        await expect.poll(() => log.getByText(title, { exact: true }).count()).toBe(2);
        await expect.poll(() => log.locator('[data-status="sent"]').count()).toBeGreaterThanOrEqual(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, `alerts-${lang}-phone.png`);
        // The shop's channels (the owner holds `settings`), at phone width too.
        await page.goto(`${shop.baseUrl}/admin/alert-channels`);
        await page.getByRole('heading', { level: 1, name: a.channels.title }).waitFor();
        await page.getByText(a.channels.tokenNone).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, `alert-channels-${lang}-phone.png`);
        await page.getByRole('button', { name: a.channels.newWebhook, exact: true }).click();
        const dialog = page.getByTestId('webhook-dialog');
        await dialog.getByLabel(a.channels.secret, { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, `alert-webhook-dialog-${lang}-phone.png`);
        await page.keyboard.press('Escape');
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
