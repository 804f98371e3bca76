// The real login of SPEC §4 against the real API: the demo buyer logs in through the dialog, is
// greeted, sees their account menu and balance, and logs out; in both languages.
import { describe, expect, it } from 'vitest';
import { greeting } from '@shop/domain/greeting';
import en from '../../app/i18n/en.json';
import { DEMO_BUYER, T, testShop, userMenu } from './fixture';
import { hasChromium, SHOP_VARIANTS } from './harness';

describe.skipIf(!hasChromium())('log in and out as the demo buyer', () => {
  const shop = testShop();

  it.each(['zh-CN', 'en'] as const)('%s', async (lang) => {
    const page = await shop.page({ lang });
    try {
      await page.goto(`${shop.baseUrl}/user/center`);
      const dialog = page.getByRole('dialog', { name: T[lang].auth.loginTitle });
      await dialog.waitFor();
      await dialog.getByLabel(T[lang].auth.account).fill(DEMO_BUYER.account);
      await dialog.getByLabel(T[lang].auth.password, { exact: true }).fill('wrong-password');
      await dialog.getByRole('button', { name: T[lang].auth.login, exact: true }).click();
      await page
        .getByText(lang === 'en' ? 'Wrong account or password' : '账号或密码错误')
        .first()
        .waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await dialog.getByLabel(T[lang].auth.password, { exact: true }).fill(DEMO_BUYER.password);
      await dialog.getByRole('button', { name: T[lang].auth.login, exact: true }).click();
      // SPEC §4: token stored, greeting by local hour, then the user info.
      const hour = await page.evaluate(() => new Date().getHours());
      await page.getByText(greeting(hour, lang)).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const menu = userMenu(page, lang, DEMO_BUYER.nickname);
      await menu.waitFor();
      await expect(page.getByTestId('login-required').count()).resolves.toBe(0);

      // Logout resets the user and revokes the token on the server.
      await menu.click();
      await page.getByRole('menuitem', { name: T[lang].auth.logout }).click();
      await page.getByRole('button', { name: T[lang].auth.login, exact: true }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const after = await fetch(`${shop.baseUrl}/api/front/user/info`, {
        headers: { authorization: token! },
      });
      expect(after.status).toBe(401);
    } finally {
      await page.context().close();
    }
  });
});

describe.skipIf(!hasChromium())('the login dialog asks for the picture code after 3 failures', () => {
  const guarded = testShop(SHOP_VARIANTS.captcha);

  it('shows the captcha image and field, and a new image after a wrong code', async () => {
    const page = await guarded.page({ lang: 'en', viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${guarded.baseUrl}/user/center`);
      const dialog = page.getByRole('dialog', { name: en.auth.loginTitle });
      await dialog.waitFor();
      await dialog.getByLabel(en.auth.account).fill(DEMO_BUYER.account);
      const submit = dialog.getByRole('button', { name: en.auth.login, exact: true });
      for (let i = 0; i < 4; i++) {
        await dialog.getByLabel(en.auth.password, { exact: true }).fill(`wrong-${i}`);
        await submit.click();
        await expect(submit.isEnabled()).resolves.toBe(true);
        await page.waitForTimeout(150);
      }
      const image = dialog.getByRole('img', { name: en.auth.captchaImage });
      await image.waitFor();
      const first = await image.getAttribute('src');
      expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
      await dialog.getByLabel(en.auth.captcha).fill('zzzz');
      await submit.click();
      await page.getByText('Wrong or expired picture code; refresh it and try again').first().waitFor();
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    } finally {
      await page.context().close();
    }
  });
});
