// Avatar upload on /user/update against the real API and its local upload store, in both
// languages: a wrong type or a too-big file is refused here (the localized message, nothing sent);
// a picture is previewed at once, uploaded with a progress bar, saved as the avatar and served from
// /uploads/ after a reload. A failed upload can be retried (zh-CN) or cancelled (en); a file the
// store refuses shows the store's own message.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import zhCN from '../../app/i18n/zh-CN.json';
import { type Lang, shotPath, T, testShop } from './fixture';
import { hasChromium } from './harness';

const FORMATS = { 'zh-CN': 'PNG、JPEG、WebP或GIF', en: 'PNG, JPEG, WebP, or GIF' } as const;
/** The store's answer to bytes that are no image (apps/api messages: upload_type). */
const NOT_AN_IMAGE = {
  'zh-CN': '仅支持 PNG、JPEG、WebP 或 GIF 图片',
  en: 'Only PNG, JPEG, WebP or GIF pictures are accepted',
} as const;
const GRANT = '/api/front/oss/getStsToken';
const STORE = '/api/front/oss/upload';

const shop = testShop();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real size × size RGB PNG: a diagonal gradient from `from` to `to`, so the preview is visible. */
function gradientPng(size: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const f = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openProfile(lang: Lang): Promise<Page> {
  const page = await shop.signedInPage(await shop.login(), '/user/update', { lang });
  await page.getByLabel(T[lang].profile.nickname, { exact: true }).waitFor({ timeout: 15_000 });
  return page;
}

/** Counts the grant and store requests the page makes. */
function countUploads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === GRANT || pathname === STORE) count++;
  });
  return () => count;
}

/** Holds the grant request until the returned function is called, so the preview can be looked at. */
async function holdGrant(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${GRANT}`, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const fileInput = (page: Page) => page.getByTestId('avatar-file');
const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

async function expectPreviewing(page: Page, lang: Lang): Promise<Locator> {
  const t = T[lang].profile;
  const preview = page.getByRole('img', { name: t.avatarPreviewAlt, exact: true });
  await preview.waitFor();
  expect(await preview.getAttribute('src')).toMatch(/^blob:/);
  await page.getByRole('progressbar', { name: t.avatarProgress }).waitFor();
  await expect(page.getByRole('button', { name: t.changeAvatar, exact: true }).isDisabled()).resolves.toBe(
    true,
  );
  return preview;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: shotPath(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** After a reload, the saved avatar is an /uploads/ address serving exactly the uploaded PNG. */
async function expectSavedAvatar(page: Page, lang: Lang, bytes: Buffer): Promise<string> {
  await page.reload();
  const avatar = page.locator('main').getByRole('img', { name: T[lang].profile.avatarAlt, exact: true });
  await avatar.waitFor({ timeout: 15_000 });
  const src = (await avatar.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/uploads\/avatars\//);
  // The element is there at once; the picture loads a moment later.
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 10_000,
    })
    .toBe(true);
  const res = await fetch(shop.baseUrl + src);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  // The header's user menu shows the same picture.
  await page.locator(`header img[src="${src}"]`).first().waitFor();
  return src;
}

describe.skipIf(!hasChromium())('avatar upload', () => {
  it.each(['zh-CN', 'en'] as const)('%s: refuses a wrong type or a too-big file here', async (lang) => {
    const t = T[lang].profile;
    const page = await openProfile(lang);
    try {
      const uploads = countUploads(page);
      await page
        .getByText(t.avatarHint.replace('{{formats}}', FORMATS[lang]).replace('{{max}}', '2 MB'))
        .waitFor();

      await fileInput(page).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hi'),
      });
      await page
        .getByRole('alert')
        .getByText(t.avatarErrors.type.replace('{{formats}}', FORMATS[lang]))
        .waitFor();

      const big = Buffer.concat([gradientPng(8, [0, 0, 0], [255, 255, 255]), Buffer.alloc(2 * 1024 * 1024)]);
      await fileInput(page).setInputFiles(png('big.png', big));
      const tooBig = t.avatarErrors.size.replace('{{size}}', '2.1 MB').replace('{{max}}', '2 MB');
      await page.getByRole('alert').getByText(tooBig).waitFor();
      await page.screenshot({ path: shotPath(`avatar-${lang}-too-big-1280.png`) });

      expect(uploads()).toBe(0);
      await expect(page.getByRole('img', { name: t.avatarPreviewAlt }).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('zh-CN: preview, progress, a failed upload retried, saved and served after a reload', async () => {
    const lang = 'zh-CN';
    const t = T[lang].profile;
    const page = await openProfile(lang);
    try {
      const bytes = gradientPng(96, [234, 88, 12], [124, 58, 237]);
      // The first POST to the store is lost on the way: the network message, then "retry".
      await page.route(`**${STORE}`, (route) => route.abort('connectionreset'), { times: 1 });
      const release = await holdGrant(page);
      await fileInput(page).setInputFiles(png('me.png', bytes));
      await expectPreviewing(page, lang);
      await shoot(page, `avatar-${lang}-preview`);
      release();

      await page.getByRole('alert').getByText(zhCN.errors.network).waitFor();
      await page.getByRole('img', { name: t.avatarPreviewAlt }).waitFor(); // kept for the retry
      await shoot(page, `avatar-${lang}-failed`);
      await page.getByRole('button', { name: t.avatarRetry, exact: true }).click();
      await page.getByText(t.avatarSaved, { exact: true }).first().waitFor();
      await page.getByRole('img', { name: t.avatarPreviewAlt }).waitFor({ state: 'detached' });

      await expectSavedAvatar(page, lang, bytes);
    } finally {
      await page.context().close();
    }
  });

  it('en: the store refuses bytes that are no image; cancel; then a picture is saved', async () => {
    const lang = 'en';
    const t = T[lang].profile;
    const page = await openProfile(lang);
    try {
      const before = await page
        .locator('main')
        .getByRole('img', { name: t.avatarAlt, exact: true })
        .getAttribute('src');

      // Typed as PNG, so it passes here; the store reads the bytes and refuses, in English.
      await fileInput(page).setInputFiles(png('fake.png', Buffer.from('definitely not a picture')));
      await page.getByRole('alert').getByText(NOT_AN_IMAGE[lang]).waitFor();
      await page.getByRole('button', { name: t.avatarCancel, exact: true }).click();
      await page.getByRole('img', { name: t.avatarPreviewAlt }).waitFor({ state: 'detached' });
      await expect(page.getByRole('alert').count()).resolves.toBe(0);

      // Cancelled while waiting for the grant: nothing is saved.
      const release = await holdGrant(page);
      await fileInput(page).setInputFiles(png('me.png', gradientPng(96, [14, 165, 233], [22, 163, 74])));
      await expectPreviewing(page, lang);
      await shoot(page, `avatar-${lang}-preview`);
      await page.getByRole('button', { name: t.avatarCancel, exact: true }).click();
      release();
      await page.getByRole('img', { name: t.avatarPreviewAlt }).waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      await expect(
        page.locator('main').getByRole('img', { name: t.avatarAlt, exact: true }).getAttribute('src'),
      ).resolves.toBe(before);
      await page.unroute(`**${GRANT}`);

      const bytes = gradientPng(96, [250, 204, 21], [220, 38, 38]);
      await fileInput(page).setInputFiles(png('me.png', bytes));
      await page.getByText(t.avatarSaved, { exact: true }).first().waitFor();
      const src = await expectSavedAvatar(page, lang, bytes);
      expect(src).not.toBe(before);
    } finally {
      await page.context().close();
    }
  });
});
