// Catalog journeys against the real shop (demo catalog seeded) and Chromium: home → category →
// goods detail (options, quantity, player check) → search, in both languages on a phone and a
// desktop; 404s, meta tags, sitemap.xml and robots.txt. Screenshots of the main pages go to
// E2E_SCREENSHOTS_DIR (default: <tmp>/shop-e2e-screenshots) for a human to look at.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import { currencyForLocale } from '@shop/domain/locale';
import en from '../../app/i18n/en.json';
import zhCN from '../../app/i18n/zh-CN.json';
import type { CategoryNode, GoodsCard, GoodsDetail, Paged } from '../../app/lib/catalog';
import { type Lang, T, testShop } from './fixture';
import { hasChromium, hydrated } from './harness';

const LANGS: Lang[] = ['zh-CN', 'en'];
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'shop-e2e-screenshots');

/** The demo catalog's direct top-up goods with servers (ARCHITECTURE.md §5, recharge_type 2). */
const DIRECT_GOODS_ID = 1;
const FOUND_PLAYER = '10086001';
const MISSING_PLAYER = '10086404';

const shop = testShop();

const api = <D>(lang: Lang, pathAndQuery: string) => shop.api<D>('GET', pathAndQuery, { lang });

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function render(pathAndQuery: string, lang: Lang = 'zh-CN') {
  const res = await fetch(shop.baseUrl + pathAndQuery, { headers: { Cookie: `language=${lang}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

const h1Of = (html: string) =>
  [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

// ---------------------------------------------------------------------------------------------
// Server side.

describe('catalog pages on the server', () => {
  it.each(LANGS)('answers 404 with the 404 page for unknown goods and zones (%s)', async (lang) => {
    for (const p of ['/category/goods/99999', '/zone/99999', '/category/99999', '/article/99999']) {
      const result = await render(p, lang);
      expect(result.status, p).toBe(404);
      expect(h1Of(result.text), p).toEqual([T[lang].pages.notFound.heading]);
    }
  });

  it.each(LANGS)(
    'renders goods with localized title, Open Graph tags and a canonical link (%s)',
    async (lang) => {
      const goods = (await api<GoodsDetail>(lang, `/api/front/goods/detail?id=${DIRECT_GOODS_ID}`)).data;
      const { status, text } = await render(`/category/goods/${DIRECT_GOODS_ID}`, lang);
      expect(status).toBe(200);
      expect(h1Of(text)).toEqual([goods.name]);
      const title = `${goods.name} · ${T[lang].brand.name}`;
      expect(text).toContain(`<title>${title}</title>`);
      expect(text).toContain(`<meta property="og:title" content="${title}"/>`);
      expect(text).toContain('<meta property="og:type" content="product"/>');
      expect(text).toContain(`<meta property="og:image" content="${shop.baseUrl}${goods.image}"/>`);
      expect(text).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
      expect(text).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(text).toContain(
        `<link rel="canonical" href="${shop.baseUrl}/category/goods/${DIRECT_GOODS_ID}"/>`,
      );
      // The price in the language's currency, as the API sent it.
      expect(text).toContain(`${lang === 'en' ? '$' : '¥'}${goods.face_values[0]!.price}`);
    },
  );

  it('renders the home banners, modules and categories with a fast first image', async () => {
    const { status, text } = await render('/');
    expect(status).toBe(200);
    expect(h1Of(text)).toEqual([zhCN.pages.home.heading]);
    const banners = [...text.matchAll(/<img[^>]*src="\/images\/banners\/[^"]+"[^>]*>/g)].map((m) => m[0]);
    expect(banners.length).toBeGreaterThanOrEqual(3);
    expect(banners[0]).toContain('fetchPriority="high"');
    expect(banners[0]).toContain('loading="eager"');
    for (const later of banners.slice(1)) expect(later).toContain('loading="lazy"');
    // Every image has its size, so nothing shifts while they load.
    for (const img of text.match(/<img[^>]*>/g) ?? []) {
      expect(img, img).toMatch(/width="\d+"/);
      expect(img, img).toMatch(/height="\d+"/);
    }
    const modules = (
      await api<Array<{ title: string }>>('zh-CN', '/api/front/customModule/list?position=home')
    ).data;
    for (const module of modules) expect(text).toContain(module.title);
    expect(text).toContain('href="/category/1"');
    expect(text).toContain(`<link rel="canonical" href="${shop.baseUrl}/"/>`);
  });

  it('keeps an out-of-range page of a category as an empty list with a way back', async () => {
    const { status, text } = await render('/category/1?page=50');
    expect(status).toBe(200);
    expect(text).toContain(zhCN.category.emptyTitle);
    expect(text).toContain('href="/category/1"');
  });

  it('lists home, categories, every goods, zones and articles in sitemap.xml', async () => {
    const { status, type, text } = await render('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${shop.baseUrl}/`);
    const all = (await api<Paged<GoodsCard>>('zh-CN', '/api/front/goods/search?keyword=&page=1&limit=100'))
      .data;
    expect(all.total).toBeGreaterThanOrEqual(14);
    for (const goods of all.list) expect(locs).toContain(`${shop.baseUrl}/category/goods/${goods.id}`);
    const tree = (await api<CategoryNode[]>('zh-CN', '/api/front/category/list')).data;
    for (const category of tree) expect(locs).toContain(`${shop.baseUrl}/category/${category.id}`);
    expect(locs).toContain(`${shop.baseUrl}/zone/1`);
    expect(locs).toContain(`${shop.baseUrl}/zone/2`);
    expect(locs.filter((l) => l.includes('/article/')).length).toBeGreaterThanOrEqual(9);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('serves robots.txt from the route, pointing at the sitemap', async () => {
    const { status, type, text } = await render('/robots.txt');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /user/',
        'Disallow: /cart',
        'Disallow: /api/',
        '',
        `Sitemap: ${shop.baseUrl}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// In the browser.

async function open(
  lang: Lang,
  viewport: ViewportName,
  options: { reducedMotion?: 'reduce' | 'no-preference'; hasTouch?: boolean } = {},
) {
  const page = await shop.page({
    lang,
    viewport: VIEWPORTS[viewport],
    reducedMotion: 'no-preference',
    hasTouch: viewport === 'phone',
    isMobile: viewport === 'phone',
    ...options,
  });
  page.on('console', (m) => {
    // The missing player's 404 is an expected failed request.
    if (m.type() === 'error' && !m.text().includes('Failed to load resource')) page.errors.push(m.text());
  });
  return { context: page.context(), page, errors: page.errors };
}

async function goto(page: Page, pathAndQuery: string) {
  const response = await page.goto(shop.baseUrl + pathAndQuery);
  await hydrated(page);
  return response;
}

/** Waits until React Router has finished a client-side navigation. */
function idle(page: Page) {
  return page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter?.state.navigation.state === 'idle',
  );
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // Lazy images below the fold would be blank in a full-page picture: load them first.
  await page.evaluate(() =>
    document
      .querySelectorAll<HTMLImageElement>('img[loading="lazy"]')
      .forEach((img) => (img.loading = 'eager')),
  );
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The price on each goods card of the page, in order. */
const prices = (page: Page) =>
  page
    .locator('main article')
    .evaluateAll((cards) => cards.map((card) => /[¥$](\d+\.\d{2})/.exec(card.textContent ?? '')?.[1] ?? ''));

const toMinor = (price: string, lang: Lang) => parseDecimal(price, currencyForLocale(lang))!;

describe.skipIf(!hasChromium())('browsing the catalog', () => {
  describe.each(LANGS)('%s', (lang) => {
    const t = T[lang];

    it.each(Object.keys(VIEWPORTS) as ViewportName[])(
      'home → category → goods → search on a %s',
      async (viewport) => {
        const tag = `${lang}-${viewport}`;
        const [tree, goods, found, missing] = await Promise.all([
          api<CategoryNode[]>(lang, '/api/front/category/list').then((r) => r.data),
          api<GoodsDetail>(lang, `/api/front/goods/detail?id=${DIRECT_GOODS_ID}`).then((r) => r.data),
          api<{ nickname: string }>(
            lang,
            `/api/front/goods/player?goods_id=${DIRECT_GOODS_ID}&server_id=1&player_id=${FOUND_PLAYER}`,
          ),
          api<null>(
            lang,
            `/api/front/goods/player?goods_id=${DIRECT_GOODS_ID}&server_id=1&player_id=${MISSING_PLAYER}`,
          ),
        ]);
        expect(found.code).toBe(200);
        expect(missing.code).toBe(404);
        const category = tree.find((c) => c.children.some((child) => child.id === goods.category.id))!;

        const { context, page, errors } = await open(lang, viewport);
        try {
          // Home: the banner carousel answers its buttons.
          expect((await goto(page, '/'))?.status()).toBe(200);
          const carousel = page.getByRole('region', { name: t.carousel.label });
          await carousel.waitFor();
          const dot = (n: number) =>
            carousel.getByRole('button', { name: t.carousel.goTo.replace('{{index}}', String(n)) });
          await expect(dot(1).getAttribute('aria-current')).resolves.toBe('true');
          await carousel.getByRole('button', { name: t.carousel.next }).click();
          await expect(dot(2).getAttribute('aria-current')).resolves.toBe('true');
          await carousel.getByRole('button', { name: t.carousel.previous }).click();
          await expect(dot(1).getAttribute('aria-current')).resolves.toBe('true');
          await carousel.getByRole('button', { name: t.carousel.previous }).click();
          await expect(dot(3).getAttribute('aria-current')).resolves.toBe('true');
          await expect(noHorizontalScroll(page)).resolves.toBe(true);
          await shot(page, `home-${tag}`);

          // A category from the home list, then sorted by price, highest first.
          await page
            .getByRole('region', { name: t.home.categories })
            .getByRole('link', { name: category.name })
            .click();
          await page.waitForURL(`**/category/${category.id}`);
          await page.locator('h1', { hasText: category.name }).waitFor();
          await page
            .getByRole('navigation', { name: t.sort.label })
            .getByRole('link', { name: t.sort.price_desc })
            .click();
          await page.waitForURL(/sort=price_desc/);
          await idle(page);
          const sorted = (await prices(page)).map((p) => toMinor(p, lang));
          expect(sorted.length).toBeGreaterThan(1);
          expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
          await expect(noHorizontalScroll(page)).resolves.toBe(true);
          await shot(page, `category-${tag}`);

          // The goods: pick the second face value, two of them.
          await page.getByRole('link', { name: goods.name, exact: true }).click();
          await page.waitForURL(`**/category/goods/${goods.id}`);
          await page.locator('h1', { hasText: goods.name }).waitFor();
          const option = goods.face_values[1]!;
          const radio = page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(option.label)}`) });
          await expect(page.getByRole('radio').first().isChecked()).resolves.toBe(true);
          await page.locator('label', { has: radio }).click();
          await expect(radio.isChecked()).resolves.toBe(true);
          // A top-up face value is bought once per line (issue 12): no quantity stepper, the
          // subtotal is the option's price. (The stepper is exercised on a card in orders.e2e.)
          expect(goods.topup_quantity).toBe(false);
          await expect(page.getByLabel(t.goods.quantity, { exact: true }).count()).resolves.toBe(0);
          await page.getByText(t.topUp.once, { exact: true }).waitFor();
          const symbol = lang === 'en' ? '$' : '¥';
          const total = formatMinor(toMinor(option.price, lang), currencyForLocale(lang));
          await page
            .locator('main form p', { hasText: t.goods.total })
            .getByText(`${symbol}${total}`, { exact: true })
            .waitFor();

          // Direct top-up: the player check finds one player and not the other.
          await page
            .getByLabel(t.player.server, { exact: true })
            .selectOption({ label: goods.servers[0]!.name });
          const playerId = page.getByLabel(t.player.playerId, { exact: true });
          const result = page.getByTestId('player-result');
          await playerId.fill(FOUND_PLAYER);
          await page.getByRole('button', { name: t.player.checkPlayer }).click();
          await result.getByText(found.data.nickname).waitFor();
          await playerId.fill(MISSING_PLAYER);
          await page.getByRole('button', { name: t.player.checkPlayer }).click();
          await result.getByText(missing.msg).waitFor();
          // SPEC §8: the shared client shows the body message as an error pop-up too.
          await page.locator('[data-sonner-toast][data-type="error"]', { hasText: missing.msg }).waitFor();
          await expect(noHorizontalScroll(page)).resolves.toBe(true);
          await shot(page, `goods-${tag}`);

          // Logged out, adding to the cart asks for a login (SPEC §4).
          await page.getByRole('button', { name: t.goods.addToCart }).click();
          await page.getByRole('dialog', { name: t.auth.loginTitle }).waitFor();
          await page
            .locator('[data-sonner-toast][data-type="warning"]', { hasText: t.cart.loginFirst })
            .waitFor();
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });

          // Search from the header: a Chinese and an English keyword find goods, nonsense does not.
          const search = async (keyword: string) => {
            const box = page.getByRole('searchbox', { name: t.header.searchLabel });
            await box.fill(keyword);
            await box.press('Enter');
            await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
            await idle(page);
            await page.locator('h1', { hasText: keyword }).waitFor();
          };
          // 星琼 sounds like 星穹: found by its pinyin (issue 29, decision 059).
          for (const keyword of ['星穹', 'Neon', '星琼']) {
            await search(keyword);
            await expect(page.locator('main article').count()).resolves.toBeGreaterThan(0);
          }
          await shot(page, `search-${tag}`);
          await search('qqzzxx无此商品');
          await page.getByTestId('search-empty').waitFor();
          await expect(page.locator('main article').count()).resolves.toBe(0);
          // Nothing found: the empty state alone, without the category chips (issue 29).
          await expect(page.getByRole('navigation', { name: t.search.filter }).count()).resolves.toBe(0);
          await shot(page, `search-empty-${tag}`);

          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });

  it('checks a player on the player page, starting from the goods choice', async () => {
    const { context, page, errors } = await open('zh-CN', 'desktop');
    try {
      const goods = (await api<GoodsDetail>('zh-CN', `/api/front/goods/detail?id=${DIRECT_GOODS_ID}`)).data;
      const found = (
        await api<{ nickname: string }>(
          'zh-CN',
          `/api/front/goods/player?goods_id=${DIRECT_GOODS_ID}&server_id=2&player_id=${FOUND_PLAYER}`,
        )
      ).data;
      await goto(page, '/category/goods/player');
      await page.getByLabel(zhCN.player.goods).selectOption({ label: goods.name });
      await page.getByRole('button', { name: zhCN.player.next }).click();
      await page.waitForURL(new RegExp(`/category/goods/player\\?goods_id=${DIRECT_GOODS_ID}$`));
      await page.getByLabel(zhCN.player.server).selectOption({ label: goods.servers[1]!.name });
      await page.getByLabel(zhCN.player.playerId).fill(FOUND_PLAYER);
      await page.getByRole('button', { name: zhCN.player.check, exact: true }).click();
      await page.waitForURL(/player_id=10086001/);
      await page.getByTestId('player-result').getByText(found.nickname).waitFor();
      await expect(page.getByRole('link', { name: zhCN.player.toGoods }).getAttribute('href')).resolves.toBe(
        `/category/goods/${DIRECT_GOODS_ID}`,
      );
      // The same URL rendered by the server shows the same answer (the form works without JS).
      const html = await render(new URL(page.url()).pathname + new URL(page.url()).search);
      expect(html.text).toContain(found.nickname);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('plays the banners by itself, pauses on hover and with its button, and follows a swipe', async () => {
    const { context, page } = await open('zh-CN', 'desktop', { hasTouch: true });
    try {
      await goto(page, '/');
      const carousel = page.getByRole('region', { name: zhCN.carousel.label });
      const current = () => carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
      const label = (n: number) => zhCN.carousel.goTo.replace('{{index}}', String(n));
      const away = () => page.mouse.move(5, 790);
      await away();
      await expect.poll(current, { timeout: 8000 }).toBe(label(2));
      // Hovering holds the slide.
      await carousel.hover();
      await page.waitForTimeout(5800);
      await expect(current()).resolves.toBe(label(2));
      await away();
      // A swipe to the left shows the next slide, to the right the previous one.
      const swipe = (from: number, to: number) =>
        carousel.evaluate(
          (el, [a, b]) => {
            const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 100 });
            el.dispatchEvent(
              new TouchEvent('touchstart', {
                bubbles: true,
                touches: [touch(a!)],
                changedTouches: [touch(a!)],
              }),
            );
            el.dispatchEvent(
              new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(b!)] }),
            );
          },
          [from, to],
        );
      await swipe(300, 120);
      await expect(current()).resolves.toBe(label(3));
      await swipe(100, 290);
      await expect(current()).resolves.toBe(label(2));
      // The pause button stops it, also once focus and pointer have left.
      await carousel.getByRole('button', { name: zhCN.carousel.pause }).click();
      await carousel.getByRole('button', { name: zhCN.carousel.play }).waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await away();
      await page.waitForTimeout(5800);
      await expect(current()).resolves.toBe(label(2));
    } finally {
      await context.close();
    }
  });

  it('keeps the banners still when reduced motion is asked for', async () => {
    const { context, page } = await open('en', 'desktop', { reducedMotion: 'reduce' });
    try {
      await goto(page, '/');
      const carousel = page.getByRole('region', { name: en.carousel.label });
      await carousel.getByRole('button', { name: en.carousel.next }).waitFor();
      await expect(carousel.getByRole('button', { name: en.carousel.pause }).count()).resolves.toBe(0);
      await page.mouse.move(5, 700);
      await page.waitForTimeout(5800);
      await expect(
        carousel
          .getByRole('button', { name: en.carousel.goTo.replace('{{index}}', '1') })
          .getAttribute('aria-current'),
      ).resolves.toBe('true');
    } finally {
      await context.close();
    }
  });

  it('shows a sold-out option disabled, and the zone and article pages', async () => {
    const { context, page, errors } = await open('en', 'phone');
    try {
      // Goods 12 of the demo catalog has a sold-out plan.
      const goods = (await api<GoodsDetail>('en', '/api/front/goods/detail?id=12')).data;
      const soldOut = goods.skus.find((s) => !s.in_stock)!;
      expect(soldOut).toBeDefined();
      await goto(page, '/category/goods/12');
      await expect(
        page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(soldOut.spec)}`) }).isDisabled(),
      ).resolves.toBe(true);

      const zone = (await api<{ name: string; goods: GoodsCard[] }>('en', '/api/front/zone/detail?id=1'))
        .data;
      await goto(page, '/zone/1');
      await page.locator('h1', { hasText: zone.name }).waitFor();
      await expect(page.locator('main article').count()).resolves.toBe(zone.goods.length);

      const article = (await api<{ title: string }>('en', '/api/front/article/detail?id=2')).data;
      await goto(page, '/article/2');
      await page.locator('h1', { hasText: article.title }).waitFor();
      await page.getByRole('heading', { name: en.article.helpCenter, exact: true }).waitFor();
      await expect(noHorizontalScroll(page)).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
