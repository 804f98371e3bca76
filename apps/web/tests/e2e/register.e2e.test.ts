// Registration (SPEC §2/§4) against the real API: a new customer opens the dialog from the header,
// gets an emailed code (read from the dev outbox), signs up and is logged in; in both languages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasFocus, type Lang, shotPath, T, testShop, userMenu } from './fixture';
import { hasChromium } from './harness';

const shop = testShop();

async function openRegister(page: Page, lang: Lang) {
  await page.goto(shop.baseUrl);
  if ((page.viewportSize()?.width ?? 1280) >= 640) {
    await page.getByRole('button', { name: T[lang].auth.register, exact: true }).first().click();
  } else {
    // On a phone the header has only the login button; the login dialog links to sign-up.
    await page.getByRole('button', { name: T[lang].auth.login, exact: true }).first().click();
    await page.getByRole('button', { name: T[lang].auth.registerNow, exact: true }).click();
  }
  const dialog = page.getByRole('dialog', { name: T[lang].auth.registerTitle });
  await dialog.waitFor();
  return dialog;
}

describe.skipIf(!hasChromium())('register a new account', () => {
  it.each(['zh-CN', 'en'] as const)('%s: code, wrong code, sign-up and logged in', async (lang) => {
    const t = T[lang].auth;
    const page = await shop.page({ lang });
    try {
      const dialog = await openRegister(page, lang);
      const email = `new-${lang.toLowerCase()}-${Date.now()}@example.test`;
      const nickname = lang === 'en' ? 'New Player' : '新玩家';
      await dialog.getByLabel(t.account, { exact: true }).fill(email);
      await dialog.getByLabel(t.captcha, { exact: true }).fill('abcd');
      const getCode = dialog.getByRole('button', { name: t.getCode, exact: true });
      await getCode.click();

      // The countdown: disabled, "重新获取 (59s)" / "Resend (59s)".
      const resend = new RegExp(`^${t.resendIn.replace('({{seconds}}s)', String.raw`\(\d+s\)`)}$`);
      const countdown = dialog.getByRole('button', { name: resend });
      await countdown.waitFor();
      await expect(countdown.isDisabled()).resolves.toBe(true);
      await expect(dialog.getByLabel(t.captcha, { exact: true }).inputValue()).resolves.toBe('');
      const code = await shop.code(email);

      // A wrong code: the server's message.
      const wrong = code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
      await dialog.getByLabel(t.code, { exact: true }).fill(wrong);
      await dialog.getByLabel(t.password, { exact: true }).fill('secret-pass-1');
      await dialog.getByLabel(t.confirmPassword, { exact: true }).fill('secret-pass-1');
      await dialog.getByLabel(t.nickname, { exact: true }).fill(nickname);
      await page.screenshot({ path: shotPath(`register-${lang}-1280.png`) });
      const submit = dialog.getByRole('button', { name: t.registerAction, exact: true });
      await submit.click();
      await page
        .getByText(lang === 'en' ? 'Wrong or expired verification code' : '验证码错误或已过期')
        .first()
        .waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await dialog.getByLabel(t.code, { exact: true }).fill(code);
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      await userMenu(page, lang, nickname).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    } finally {
      await page.context().close();
    }
  });

  it.each(['zh-CN', 'en'] as const)('%s: client-side checks on a phone', async (lang) => {
    const t = T[lang].auth;
    const page = await shop.page({ lang, viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const dialog = await openRegister(page, lang);
      await page.waitForTimeout(400); // the dialog's entry animation
      await page.screenshot({ path: shotPath(`register-${lang}-390.png`) });
      await dialog.getByLabel(t.account, { exact: true }).fill('not-an-account');
      await dialog.getByLabel(t.code, { exact: true }).fill('12');
      await dialog.getByLabel(t.password, { exact: true }).fill('abcdefgh');
      await dialog.getByLabel(t.confirmPassword, { exact: true }).fill('abcdefgX');
      await dialog.getByRole('button', { name: t.registerAction, exact: true }).click();
      await dialog.getByText(t.errInvalidAccount).waitFor();
      await dialog.getByText(t.errCode).waitFor();
      await dialog.getByText(t.errPasswordMismatch).waitFor();
      await expect.poll(() => hasFocus(dialog.getByLabel(t.account, { exact: true }))).toBe(true);
      await page.screenshot({ path: shotPath(`register-${lang}-390-errors.png`), fullPage: true });

      // "I have an account" switches to the login dialog.
      await dialog.getByRole('button', { name: t.haveAccount }).click();
      await page.getByRole('dialog', { name: t.loginTitle }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
