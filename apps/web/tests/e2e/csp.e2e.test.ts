// The pages' Content-Security-Policy (issue 11, decision 023): nonce-only inline scripts, a fresh
// nonce per response also for a cached page, and the shop still hydrates and works with it —
// client navigation (lazy chunks), the login dialog, toasts (sonner injects its stylesheet) —
// without a single violation.
import { describe, expect, it } from 'vitest';
import zhCN from '../../app/i18n/zh-CN.json';
import { DEMO_BUYER, testShop } from './fixture';
import { hasChromium, hydrated, SHOP_VARIANTS } from './harness';

const T = zhCN;
const CARD_GOODS = 8; // PlayNest gift card: SKUs with stock

// Long enough that the second visit of a page is served from the page cache.
const shop = testShop(SHOP_VARIANTS.longCache);

type Violation = { directive: string; blocked: string; sample: string };

/** A page that records every CSP violation (events and console reports) and page error. */
async function watchedPage() {
  const page = await shop.page({
    init: () => {
      const seen: Violation[] = [];
      (window as unknown as { __violations: Violation[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
      );
    },
  });
  const problems = page.errors;
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
  return { context: page.context(), page, problems, violations };
}

function nonceOf(policy: string | undefined): string | undefined {
  return /script-src [^;]*'nonce-([^']+)'/.exec(policy ?? '')?.[1];
}

describe.skipIf(!hasChromium())('pages under their Content-Security-Policy', () => {
  it('hydrate from a fresh render and from the page cache, each with its own nonce', async () => {
    const { context, page, problems, violations } = await watchedPage();
    try {
      const first = await page.goto(`${shop.baseUrl}/zone/1`);
      const policy = first!.headers()['content-security-policy'];
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      await hydrated(page);
      const second = await page.goto(`${shop.baseUrl}/zone/1`);
      expect([first!.headers()['x-cache'], second!.headers()['x-cache']]).toEqual(['MISS', 'HIT']);
      const nonces = [first!, second!].map((r) => nonceOf(r.headers()['content-security-policy']));
      expect(nonces[0]).toBeTruthy();
      expect(nonces[1]).toBeTruthy();
      expect(nonces[1]).not.toBe(nonces[0]);
      await hydrated(page);

      // Hydrated means working: the language switch re-renders in place.
      await page.getByRole('button', { name: 'English' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');

      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('navigate, open the login dialog and show toasts without a violation', async () => {
    const { context, page, problems, violations } = await watchedPage();
    try {
      await page.goto(`${shop.baseUrl}/`);
      await hydrated(page);
      // Client-side navigation: the route's chunk is imported by the entry script.
      await page.locator(`a[href="/category/goods/${CARD_GOODS}"]`).first().click();
      await page.waitForURL(`**/category/goods/${CARD_GOODS}`);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Logged out: the login dialog (Radix) and the 请先登录 toast (sonner).
      await page.getByRole('button', { name: T.goods.addToCart, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: T.auth.loginTitle });
      await dialog.waitFor();
      await page.getByText(T.cart.loginFirst, { exact: true }).first().waitFor();
      await dialog.getByLabel(T.auth.account).fill(DEMO_BUYER.account);
      await dialog.getByLabel(T.auth.password, { exact: true }).fill(DEMO_BUYER.password);
      await dialog.getByRole('button', { name: T.auth.login, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // The add asked for before the login goes on after it (issue 12), with a toast that is
      // styled: sonner's injected stylesheet applied (it positions the toaster).
      await page.getByText(T.cart.added, { exact: true }).first().waitFor();
      await page.getByTestId('cart-panel').waitFor();
      const position = await page
        .locator('[data-sonner-toaster]')
        .first()
        .evaluate((el) => getComputedStyle(el).position);
      expect(position).toBe('fixed');

      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
