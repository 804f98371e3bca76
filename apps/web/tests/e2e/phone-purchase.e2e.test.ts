// Issue 29 (decision 060) on a phone (390×844, a phone's user agent), in both languages:
// - the nickname found by a player check on the goods page is not hidden under the sticky buy bar;
// - WeChat Pay is labelled for what it does on the device: on a phone's browser it leaves for the
//   WeChat app (H5 pay, decision 032), on a desktop it shows a QR code to scan; the wallet's
//   top-up on the phone then goes to the H5 page, not a QR code.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { DEMO_BUYER, type Lang, PHONE, shotPath, T, testShop } from './fixture';
import { hasChromium } from './harness';

/** Demo catalog: Starbound Voyager gems, a direct top-up (face values, four servers). */
const TOP_UP_GOODS = 1;
/** A player the demo supplier knows (apps/api: the demo player check). */
const PLAYER_ID = '10086001';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE: BrowserContextOptions = { ...PHONE, userAgent: PHONE_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const LANGS = ['zh-CN', 'en'] as const;

const shop = testShop();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(!hasChromium())('the player check on a phone', () => {
  it.each(LANGS)('the nickname to confirm shows above the sticky buy bar (%s)', async (lang: Lang) => {
    const t = T[lang];
    const token = await shop.login();
    const page = await shop.signedInPage(token, `/category/goods/${TOP_UP_GOODS}`, {
      lang,
      ...IPHONE,
      user: DEMO_BUYER.nickname,
    });
    try {
      const servers = await shop.api<{ servers: Array<{ id: number }> }>(
        'GET',
        `/api/front/goods/detail?id=${TOP_UP_GOODS}`,
        { lang },
      );
      await page
        .getByLabel(t.player.server, { exact: true })
        .selectOption(String(servers.data.servers[0]!.id));
      const input = page.getByLabel(t.player.playerId, { exact: true });
      await input.fill(PLAYER_ID);
      // As a buyer scrolls: the check button just above the bar, the answer's room below it.
      const check = page.getByRole('button', { name: t.player.checkPlayer, exact: true });
      const above = (await check.boundingBox())!;
      const barTop = (await page.getByTestId('purchase-bar').boundingBox())!.y;
      await page.evaluate((by) => window.scrollBy(0, by), above.y + above.height - (barTop - 8));
      await check.tap();
      const nickname = page.getByTestId('player-nickname');
      await nickname.waitFor();
      await page.waitForTimeout(300);
      const result = (await page.getByTestId('player-result').boundingBox())!;
      const bar = (await page.getByTestId('purchase-bar').boundingBox())!;
      await page.screenshot({ path: shotPath(`phone-player-check-${lang}.png`) });
      // On the screen, and not under the bar (which sticks to the bottom of the screen).
      expect(result.y).toBeGreaterThanOrEqual(0);
      expect(bar.y + bar.height).toBeCloseTo(844, 0);
      expect(intersects(result, bar), JSON.stringify({ result, bar })).toBe(false);
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe.skipIf(!hasChromium())('WeChat Pay says what it does on this device', () => {
  it.each(LANGS)('the wallet on a phone: the WeChat app, then its H5 page (%s)', async (lang: Lang) => {
    const t = T[lang];
    const token = await shop.login();
    const page = await shop.signedInPage(token, '/user/asset/wallet', {
      lang,
      ...IPHONE,
      user: DEMO_BUYER.nickname,
    });
    try {
      const wechat = page.locator('label').filter({ hasText: t.payment.wechat });
      await wechat.getByText(t.payFlow.wechatPhoneHint, { exact: true }).waitFor();
      await expect(wechat.getByText(t.payment.hint.wechat).count()).resolves.toBe(0);
      await page.screenshot({ path: shotPath(`phone-wallet-wechat-${lang}.png`) });
      await wechat.locator('input[type="radio"]').check();
      await page.getByTestId('recharge-submit').click();
      // The flow the label promised: WeChat Pay's H5 page (the sandbox's), no QR code.
      await page.waitForURL(/\/sandbox\/wechat\/h5\?/);
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it.each(LANGS)('the wallet on a desktop: a QR code to scan (%s)', async (lang: Lang) => {
    const t = T[lang];
    const token = await shop.login();
    const page = await shop.signedInPage(token, '/user/asset/wallet', {
      lang,
      ...DESKTOP,
      user: DEMO_BUYER.nickname,
    });
    try {
      const wechat = page.locator('label').filter({ hasText: t.payment.wechat });
      await wechat.getByText(t.payment.hint.wechat, { exact: true }).waitFor();
      await expect(wechat.getByText(t.payFlow.wechatPhoneHint).count()).resolves.toBe(0);
      await page.screenshot({ path: shotPath(`desktop-wallet-wechat-${lang}.png`) });
    } finally {
      await page.context().close();
    }
  });
});
