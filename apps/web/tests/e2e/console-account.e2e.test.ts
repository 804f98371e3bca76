// Issue 29 (decision 056), the console's own account page in a real browser against the real API:
// - finding 1: the old password of a password change and of turning the second factor off is
//   counted with the operator's logins; from the fourth try the API asks for the picture code
//   (40001) and the page shows it, in the form that asked, as the console's login does;
// - finding 2: an operator on a one-time password sees only what the API answers them (no
//   second-factor setup, no history, no refusal pop-up), and cannot keep the one-time password by
//   "changing" it to itself.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import authEn from '../../app/i18n/admin/auth.en.json';
import authZh from '../../app/i18n/admin/auth.zh-CN.json';
import { type Lang, PHONE, shot, T, testShop, toast } from './fixture';
import { hasChromium, hydrated, SHOP_VARIANTS } from './harness';

const A = { 'zh-CN': authZh, en: authEn } as const;
/** The demo owner (apps/api/src/db/seed/seed-demo.ts). */
const OWNER = { email: 'owner@demo.test', password: 'owner1234' } as const;

const MSG = {
  wrongOld: { en: 'The current password is wrong', 'zh-CN': '原密码不正确' },
  captcha: { en: 'Please enter the picture code', 'zh-CN': '请输入图形验证码' },
  captchaWrong: {
    en: 'Wrong or expired picture code; refresh it and try again',
    'zh-CN': '图形验证码错误或已过期，请刷新后重试',
  },
  same: {
    en: 'The new password must differ from the current one',
    'zh-CN': '新密码不能与当前密码相同',
  },
} as const;

describe.skipIf(!hasChromium())('the console account page', () => {
  const shop = testShop(SHOP_VARIANTS.captcha);

  const adminLogin = async (email: string, password: string, totp?: string) => {
    const res = await shop.api<{ token: string }>('POST', '/api/admin/auth/login', {
      body: { account: email, password, ...(totp ? { totp } : {}) },
    });
    expect(res.code, res.msg).toBe(200);
    return res.data.token;
  };

  /**
   * A new operator of role `role` (made by the demo owner), on a one-time password or, with `own`,
   * on that password of their own; returns the password in use and a live token.
   */
  async function newOperator(email: string, role: 'owner' | 'staff', own?: string) {
    const ownerToken = await adminLogin(OWNER.email, OWNER.password);
    const created = await shop.api<{ password: string }>('POST', '/api/admin/operator/create', {
      token: ownerToken,
      body: { email, role, permissions: role === 'staff' ? ['catalog'] : [] },
    });
    expect(created.code, created.msg).toBe(200);
    const token = await adminLogin(email, created.data.password);
    if (!own) return { password: created.data.password, token };
    const changed = await shop.api<{ token: string }>('POST', '/api/admin/auth/password', {
      token,
      body: { old_password: created.data.password, password: own },
    });
    expect(changed.code, changed.msg).toBe(200);
    return { password: own, token: changed.data.token };
  }

  /** The console opened at `to` with the operator's token where it keeps it. */
  async function consolePage(
    token: string,
    to: string,
    lang: Lang,
    phone = false,
  ): Promise<Page & { errors: string[] }> {
    const page = await shop.page({ lang, ...(phone ? PHONE : {}) });
    await page.goto(`${shop.baseUrl}/404`);
    await page.evaluate((value) => localStorage.setItem('admin_token', value), token);
    await page.goto(shop.baseUrl + to);
    await hydrated(page);
    return page;
  }

  it.each(['en', 'zh-CN'] as const)(
    'asks for the picture code from the 4th wrong old password, in the form that asked (%s)',
    async (lang) => {
      const a = A[lang];
      const { password, token } = await newOperator(`guessed-${lang}@demo.test`, 'owner', `own-pass-${lang}`);
      // The second factor on, so that its off form is on the page.
      const setup = await shop.api<{ secret: string }>('POST', '/api/admin/auth/totp/setup', { token });
      const code = TOTP.generate({ secret: Secret.fromBase32(setup.data.secret), timestamp: Date.now() });
      const on = await shop.api('POST', '/api/admin/auth/totp/enable', { token, body: { code } });
      expect(on.code, on.msg).toBe(200);

      const page = await consolePage(token, '/admin/account', lang, lang === 'zh-CN');
      try {
        const passwordForm = page.getByTestId('password-form');
        const offForm = page.getByTestId('totp-off');
        const current = passwordForm.getByLabel(a.account.oldPassword, { exact: true });
        await current.waitFor();
        await passwordForm.getByLabel(a.account.newPassword, { exact: true }).fill('never-set-1');
        const submit = passwordForm.getByRole('button', { name: a.account.password, exact: true });
        const picture = page.getByRole('img', { name: T[lang].auth.captchaImage });
        for (let i = 0; i < 3; i++) {
          await current.fill(`wrong-${i}`);
          await submit.click();
          await passwordForm.getByRole('alert').getByText(MSG.wrongOld[lang]).waitFor();
          await expect.poll(() => submit.isEnabled()).toBe(true);
          await expect(picture.count()).resolves.toBe(0);
        }
        // The fourth: the right password, but the picture code first.
        await current.fill(password);
        await submit.click();
        await passwordForm.getByRole('alert').getByText(MSG.captcha[lang]).waitFor();
        const inPasswordForm = passwordForm.getByRole('img', { name: T[lang].auth.captchaImage });
        await inPasswordForm.waitFor();
        const first = await inPasswordForm.getAttribute('src');
        expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
        await passwordForm.getByLabel(T[lang].auth.captcha, { exact: true }).fill('zzzz');
        await submit.click();
        await passwordForm.getByRole('alert').getByText(MSG.captchaWrong[lang]).waitFor();
        await expect.poll(() => inPasswordForm.getAttribute('src')).not.toBe(first);
        await shot(page, `console-account-captcha-${lang}-${lang === 'zh-CN' ? 390 : 1280}.png`);

        // The same count holds the second factor's off switch: asked there, the picture moves there.
        await offForm.getByLabel(a.account.totpDisablePassword, { exact: true }).fill(password);
        await offForm.getByRole('button', { name: a.account.totpDisable, exact: true }).click();
        await offForm.getByRole('alert').getByText(MSG.captcha[lang]).waitFor();
        await offForm.getByRole('img', { name: T[lang].auth.captchaImage }).waitFor();
        await expect(passwordForm.getByRole('img').count()).resolves.toBe(0);
        await expect(page.locator('#captcha-code').count()).resolves.toBe(1);

        // Nothing changed: the second factor is still on, the password the same.
        const me = await shop.api<{ totp_enabled: boolean }>('GET', '/api/admin/auth/me', { token });
        expect(me.data.totp_enabled).toBe(true);
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it.each(['zh-CN', 'en'] as const)(
    'shows an operator on a one-time password only the password form, and refuses the same password (%s)',
    async (lang) => {
      const a = A[lang];
      const { password } = await newOperator(`once-${lang}@demo.test`, 'staff');
      const token = await adminLogin(`once-${lang}@demo.test`, password);
      const page = await consolePage(token, '/admin', lang, lang === 'zh-CN');
      try {
        await page.waitForURL(/\/admin\/account$/);
        await page.getByText(a.account.mustChange, { exact: true }).waitFor();
        await page.getByTestId('totp-after-password').getByText(a.account.totpAfterPassword).waitFor();
        await expect(page.getByTestId('totp-off').count()).resolves.toBe(0);
        await expect(page.getByRole('button', { name: a.account.totpStart }).count()).resolves.toBe(0);
        await page.waitForTimeout(500);
        // Nothing on the page asked the API for what it refuses: no refusal pop-up.
        await expect(page.locator('[data-sonner-toast]').count()).resolves.toBe(0);
        await shot(page, `console-account-one-time-${lang}-${lang === 'zh-CN' ? 390 : 1280}.png`);

        const form = page.getByTestId('password-form');
        await form.getByLabel(a.account.oldPassword, { exact: true }).fill(password);
        await form.getByLabel(a.account.newPassword, { exact: true }).fill(password);
        await form.getByRole('button', { name: a.account.password, exact: true }).click();
        await form.getByRole('alert').getByText(MSG.same[lang]).waitFor();

        await form.getByLabel(a.account.newPassword, { exact: true }).fill(`my-own-pass-${lang}`);
        await form.getByRole('button', { name: a.account.password, exact: true }).click();
        await toast(page, a.account.passwordChanged).waitFor();
        await expect.poll(() => page.getByText(a.account.mustChange, { exact: true }).count()).toBe(0);
        await page.getByRole('button', { name: a.account.totpStart }).waitFor();
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
