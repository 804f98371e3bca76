// Channels and mail from the console (issue 32, decisions 082–083) in a real browser against the
// real shop, in both languages: the owner sets the SMTP server (a real SMTP listener this test
// starts on loopback, smtp-server) with its password, sends a test mail from the page and the
// listener receives it; then edits the "keys delivered" template in the page's language, and the
// next card-keys mail the demo buyer gets (sent by the shop's outbox through that SMTP server, with
// no restart) is written from it, the key in it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import channelsEn from '../../app/i18n/admin/channels.en.json';
import channelsZh from '../../app/i18n/admin/channels.zh-CN.json';
import commonEn from '../../app/i18n/admin/common.en.json';
import commonZh from '../../app/i18n/admin/common.zh-CN.json';
import { type Lang, shot, testShop, toast } from './fixture';
import { fill, hasChromium, hydrated } from './harness';

const TEXT = { 'zh-CN': channelsZh, en: channelsEn } as const;
const COMMON = { 'zh-CN': commonZh, en: commonEn } as const;
/** Demo catalog: the PlayNest gift card (card keys, recharge_type 1). */
const CARD_GOODS = 8;

const shop = testShop();

type Mail = { to: string[]; text: string };
const mails: Mail[] = [];
let server: SMTPServer;
let port = 0;

/** The text part of a mail as nodemailer writes it (base64 or quoted-printable). */
function textOf(raw: string): string {
  const data = raw.replace(/\r\n/g, '\n');
  const split = data.indexOf('\n\n');
  const headers = data.slice(0, split);
  const body = data.slice(split + 2);
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8').replace(/\r\n/g, '\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return body
      .replace(/=\n/g, '')
      .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return body;
}

/** Waits (polling, no fixed sleep) for a mail the listener received that matches. */
async function mailWith(match: (m: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.find(match);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no such mail among ${mails.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, done) =>
      auth.username === 'shop' && auth.password === 'e2e-s3cret'
        ? done(null, { user: 'shop' })
        : done(new Error('Invalid username or password')),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: textOf(Buffer.concat(chunks).toString('utf8')),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

describe.skipIf(!hasChromium())('channels and mail templates from the console', () => {
  it.each(['zh-CN', 'en'] as const)(
    '%s: the owner sets SMTP and tests it, edits the keys mail, and the next buyer gets it',
    async (lang: Lang) => {
      const t = TEXT[lang].channels;
      const tpl = TEXT[lang].templates;
      const page = await shop.consoleLogin(lang);
      await page.goto(`${shop.baseUrl}/admin/channels`);
      await hydrated(page);
      const smtp = page.getByTestId('channel-smtp');
      await smtp.getByLabel(t.fields.host, { exact: true }).fill('127.0.0.1');
      await smtp.getByLabel(t.fields.port, { exact: true }).fill(String(port));
      await smtp.getByLabel(t.fields.user, { exact: true }).fill('shop');
      await smtp.getByLabel(t.fields.password, { exact: true }).fill('e2e-s3cret');
      await smtp.getByLabel(t.fields.from, { exact: true }).fill('Pixel Harbor <shop@e2e.test>');
      await smtp.getByTestId('channel-smtp-save').click();
      await toast(page, COMMON[lang].saved).waitFor();
      // Saved: the mode says the stored values are in use, the password is shown masked only.
      await smtp.getByTestId('channel-smtp-mode').getByText(t.mode.stored, { exact: true }).waitFor();
      await smtp.getByText(fill(t.stored, { masked: '••••cret' })).waitFor();
      expect(await smtp.getByLabel(t.fields.password, { exact: true }).inputValue()).toBe('');

      const to = `ops-${lang}@e2e.test`;
      await smtp.getByTestId('channel-smtp-test-to').fill(to);
      await smtp.getByTestId('channel-smtp-test').click();
      await smtp.getByTestId('channel-smtp-result').getByText(t.testOk).waitFor();
      const test = await mailWith((m) => m.to.includes(to));
      expect(test.text).toContain(lang === 'en' ? 'test message' : '测试消息');
      await shot(page, `channels-smtp-${lang}.png`);

      // The keys mail, in the page's language.
      await page.goto(`${shop.baseUrl}/admin/mail-templates`);
      await hydrated(page);
      await page.getByTestId('mail-template-lang').selectOption(lang);
      const form = page.getByTestId('mail-template-form');
      const marker = `E2E ${lang} keys mail`;
      await page.getByTestId('mail-template-body').fill(`${marker} {{oid}}:\n{{keys}}\n{{nope}}`);
      await page.getByTestId('mail-template-save').click();
      // An unknown variable is refused in words naming it; without it the template is stored.
      await form.getByRole('alert').getByText('{{nope}}').waitFor();
      await page.getByTestId('mail-template-body').fill(`${marker} {{oid}}:\n{{keys}}\n{{link}}`);
      await page.getByTestId('mail-template-save').click();
      await page.getByTestId('mail-template-state').getByText(tpl.customized, { exact: true }).waitFor();
      await page.getByRole('button', { name: tpl.preview, exact: true }).click();
      await page.getByTestId('mail-template-preview').getByText(`${marker} D202611290001:`).waitFor();
      await shot(page, `mail-templates-${lang}.png`);

      // The nav leads here; at phone width the page does not scroll sideways.
      await page.getByRole('link', { name: COMMON[lang].nav.mailTemplates, exact: true }).first().waitFor();
      await page.setViewportSize({ width: 390, height: 800 });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      // The demo buyer buys a gift card by balance; the shop mails the keys through the SMTP set above.
      const token = await shop.login();
      const goods = await shop.api<{ skus: Array<{ id: number }> }>(
        'GET',
        `/api/front/goods/detail?id=${CARD_GOODS}`,
      );
      const created = await shop.api<{ oid: string }>('POST', '/api/front/order/create', {
        token,
        lang,
        body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
        headers: { 'idempotency-key': `e2e-channels-${lang}-${Date.now()}` },
      });
      expect(created.code, created.msg).toBe(200);
      const oid = created.data.oid;
      const paid = await shop.api<{ status: string }>('POST', '/api/front/order/pay', {
        token,
        body: { oid, method: 'balance' },
      });
      expect(paid.data.status).toBe('completed');
      const cards = await shop.api<{ list: Array<{ id: number }> }>(
        'GET',
        `/api/front/order/card?oid=${oid}`,
        {
          token,
        },
      );
      const secret = (
        await shop.api<{ secret: string }>('POST', '/api/front/order/card/reveal', {
          token,
          body: { id: cards.data.list[0]!.id },
        })
      ).data.secret;
      const keysMail = await mailWith(
        (m) => m.to.includes('buyer@demo.test') && m.text.includes(`${marker} ${oid}:`),
      );
      expect(keysMail.text).toContain(secret);
      await page.context().close();
    },
    60_000,
  );
});
