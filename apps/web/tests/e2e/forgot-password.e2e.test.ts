// "Forgot password" against the real API, in both languages: from the login dialog, a reset code is
// sent (read from the dev outbox), a wrong code is refused with the server's message, the right one
// sets the new password; the login dialog then opens with the account filled in, the new password
// logs in, and the old password and every earlier token stop working. zh-CN resets the demo buyer
// by email on a desktop; en resets a phone account (SMS) on a phone, with the client-side checks.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_BUYER, hasFocus, type Lang, shotPath, T, testShop, userMenu } from './fixture';
import { hasChromium } from './harness';

const WRONG_CODE = { 'zh-CN': '验证码错误或已过期', en: 'Wrong or expired verification code' } as const;
const shop = testShop();

const post = <T>(url: string, body: unknown) => shop.api<T>('POST', url, { body });

const login = (account: string, password: string) =>
  post<{ token?: string } | null>('/api/front/app/login', { account, password });

const RESET = /重置密码|reset your password/;

async function openReset(page: Page, lang: Lang): Promise<Locator> {
  const t = T[lang].auth;
  await page.goto(shop.baseUrl);
  await page.getByRole('button', { name: t.login, exact: true }).first().click();
  const loginDialog = page.getByRole('dialog', { name: t.loginTitle });
  await loginDialog.waitFor();
  await loginDialog.getByRole('button', { name: t.forgotPassword, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.resetTitle });
  await dialog.waitFor();
  await loginDialog.waitFor({ state: 'detached' });
  return dialog;
}

/** Sends the code from the dialog and waits for the countdown. */
async function sendCode(dialog: Locator, lang: Lang) {
  const t = T[lang].auth;
  await dialog.getByLabel(t.captcha, { exact: true }).fill('abcd');
  await dialog.getByRole('button', { name: t.getCode, exact: true }).click();
  const resend = new RegExp(`^${t.resendIn.replace('({{seconds}}s)', String.raw`\(\d+s\)`)}$`);
  await dialog.getByRole('button', { name: resend }).waitFor();
}

/** Fills code and password twice, submits, and waits for the server's refusal or the login dialog. */
async function submitReset(dialog: Locator, lang: Lang, code: string, password: string) {
  const t = T[lang].auth;
  await dialog.getByLabel(t.code, { exact: true }).fill(code);
  await dialog.getByLabel(t.newPassword, { exact: true }).fill(password);
  await dialog.getByLabel(t.confirmPassword, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: t.resetAction, exact: true }).click();
}

/** After a reset: the login dialog with the account filled in; the new password logs in. */
async function loginAfterReset(page: Page, lang: Lang, account: string, password: string, nickname: string) {
  const t = T[lang].auth;
  await page.getByText(t.resetDone, { exact: true }).first().waitFor();
  const loginDialog = page.getByRole('dialog', { name: t.loginTitle });
  await loginDialog.waitFor();
  await expect(loginDialog.getByLabel(t.account, { exact: true }).inputValue()).resolves.toBe(account);
  // The account is there, so the password field has the focus.
  const passwordInput = loginDialog.getByLabel(t.password, { exact: true });
  await expect.poll(() => hasFocus(passwordInput)).toBe(true);
  await passwordInput.fill(password);
  await loginDialog.getByRole('button', { name: t.login, exact: true }).click();
  await loginDialog.waitFor({ state: 'detached' });
  await userMenu(page, lang, nickname).waitFor();
}

describe.skipIf(!hasChromium())('forgot password', () => {
  it('zh-CN: the demo buyer resets the password by email', async () => {
    const lang = 'zh-CN';
    const t = T[lang].auth;
    const account = DEMO_BUYER.account;
    const [oldPassword, newPassword] = [DEMO_BUYER.password, 'Zh-reset-pass-1'];
    const before = await login(account, oldPassword);
    expect(before.code).toBe(200);

    const page = await shop.page({ lang });
    try {
      const dialog = await openReset(page, lang);
      await dialog.getByLabel(t.account, { exact: true }).fill(account);
      await sendCode(dialog, lang);
      const code = await shop.code(account, RESET);

      // A wrong code: the server's message, the password is unchanged.
      const wrong = code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
      await submitReset(dialog, lang, wrong, newPassword);
      await page.getByText(WRONG_CODE[lang]).first().waitFor();
      await page.waitForTimeout(300); // the dialog's entry animation has long ended; let the toast settle
      await page.screenshot({ path: shotPath(`reset-${lang}-1280.png`) });
      expect((await login(account, oldPassword)).code).toBe(200);

      await submitReset(dialog, lang, code, newPassword);
      await dialog.waitFor({ state: 'detached' });
      await loginAfterReset(page, lang, account, newPassword, DEMO_BUYER.nickname);

      // The old password is refused and the tokens given before the reset are revoked.
      const old = await login(account, oldPassword);
      expect(old.code).not.toBe(200);
      expect(old.data?.token).toBeUndefined();
      const info = await fetch(`${shop.baseUrl}/api/front/user/info`, {
        headers: { authorization: before.data!.token! },
      });
      expect(info.status).toBe(401);
      expect((await login(account, newPassword)).code).toBe(200);
    } finally {
      await page.context().close();
    }
  });

  it('en: a phone account resets by SMS on a phone, after the client-side checks', async () => {
    const lang = 'en';
    const t = T[lang].auth;
    // A phone account of its own, registered through the API.
    const phone = '13800138000';
    expect((await post('/api/front/app/send_code', { phone, purpose: 'register' })).code).toBe(200);
    const registerCode = await shop.code(phone, /注册账号|create your account/);
    const registered = await post('/api/front/app/register', {
      account: phone,
      code: registerCode,
      password: 'Old-phone-pass-1',
      nickname: 'Phone Player',
    });
    expect(registered.code).toBe(200);

    const page = await shop.page({ lang, viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const dialog = await openReset(page, lang);
      await page.waitForTimeout(400); // the dialog's entry animation
      await page.screenshot({ path: shotPath(`reset-${lang}-390.png`) });

      // Checked here, nothing sent: no account, no picture code; then bad fields.
      const sends = { count: 0 };
      page.on('request', (request) => {
        if (/\/api\/front\/app\/(send_code|sendEmailcode|setPassword)$/.test(request.url())) sends.count++;
      });
      await dialog.getByRole('button', { name: t.getCode, exact: true }).click();
      await dialog.getByText(t.errInvalidAccount).waitFor();
      await dialog.getByText(t.errCaptchaRequired).waitFor();
      await dialog.getByLabel(t.account, { exact: true }).fill('not-an-account');
      await submitReset(dialog, lang, '12', 'short');
      await dialog.getByText(t.errCode).waitFor();
      await dialog.getByText(t.errPasswordLength).waitFor();
      await dialog.getByLabel(t.newPassword, { exact: true }).fill('New-phone-pass-2');
      await dialog.getByLabel(t.confirmPassword, { exact: true }).fill('New-phone-pass-X');
      await dialog.getByRole('button', { name: t.resetAction, exact: true }).click();
      await dialog.getByText(t.errPasswordMismatch).waitFor();
      await expect.poll(() => hasFocus(dialog.getByLabel(t.account, { exact: true }))).toBe(true);
      await page.screenshot({ path: shotPath(`reset-${lang}-390-errors.png`), fullPage: true });
      expect(sends.count).toBe(0);

      await dialog.getByLabel(t.account, { exact: true }).fill(phone);
      await sendCode(dialog, lang);
      const code = await shop.code(phone, RESET);
      await submitReset(dialog, lang, code, 'New-phone-pass-2');
      await dialog.waitFor({ state: 'detached' });
      await loginAfterReset(page, lang, phone, 'New-phone-pass-2', 'Phone Player');
      expect((await login(phone, 'Old-phone-pass-1')).code).not.toBe(200);
    } finally {
      await page.context().close();
    }
  });
});
