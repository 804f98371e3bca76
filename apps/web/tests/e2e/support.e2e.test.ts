// Support tickets (issue 7) in a real browser against the real API, in both languages: the demo
// buyer opens /user/support?oid=… logged out, logs in through the guard's dialog, is stopped by the
// form's own checks, opens a ticket about a fresh order and finds it in the list as open; an
// operator answers with `npm run support -- answer` (a separate process on the shop's database);
// the thread shows the answer and "answered", the buyer replies (open again) and closes it, after
// which no reply is offered.
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../app/i18n/en.json';
import { DEMO_BUYER, T, toast, testShop } from './fixture';
import { fill, hasChromium, runShopCommand } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): the PlayNest gift card. */
const CARD_GOODS = 8;
const TICKET_URL = /\/user\/support\?ticket=(\d+)$/;

const shop = testShop();
let token = '';

function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  return shop.api<T>(method, path, { body, token, headers });
}

/** An unpaid order of one gift card, made through the API; returns its number. */
async function createOrder(): Promise<string> {
  const goods = await call<{ skus: Array<{ id: number }> }>(
    'GET',
    `/api/front/goods/detail?id=${CARD_GOODS}`,
  );
  const created = await call<{ oid: string }>(
    'POST',
    '/api/front/order/create',
    { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
    { 'idempotency-key': `e2e-support-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  );
  expect(created.code).toBe(200);
  return created.data.oid;
}

describe.skipIf(!hasChromium())('support tickets of the demo buyer', () => {
  beforeAll(async () => {
    token = await shop.login();
  });

  it.each(['zh-CN', 'en'] as const)(
    '%s: open a ticket about an order, get an answer, reply and close it',
    async (lang) => {
      const t = T[lang];
      const s = t.support;
      const oid = await createOrder();
      const subject = lang === 'en' ? `Card key for ${oid}` : `订单 ${oid} 的卡密问题`;
      const question =
        lang === 'en' ? 'The key is not accepted.\nWhat can I do?' : '卡密无法兑换。\n怎么办？';
      const answer = lang === 'en' ? 'Please try again in an hour.' : '请一小时后再试。';
      const followUp = lang === 'en' ? 'It works now, thank you!' : '现在可以了，谢谢！';

      const page = await shop.page({ lang });
      try {
        // Logged out, the guard asks to log in (SPEC §2); after logging in the form is about the order.
        await page.goto(`${shop.baseUrl}/user/support?oid=${oid}`);
        const dialog = page.getByRole('dialog', { name: t.auth.loginTitle });
        await dialog.getByLabel(t.auth.account).fill(DEMO_BUYER.account);
        await dialog.getByLabel(t.auth.password, { exact: true }).fill(DEMO_BUYER.password);
        await dialog.getByRole('button', { name: t.auth.login, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });

        const main = page.locator('main');
        await main.getByRole('heading', { level: 1, name: t.pages.support.heading }).waitFor();
        const form = main.getByTestId('new-ticket-form');
        await form.getByRole('heading', { level: 2, name: s.form.title }).waitFor();
        const orderSelect = form.getByLabel(s.form.order, { exact: true });
        await expect.poll(() => orderSelect.inputValue()).toBe(oid);
        // The recent orders arrive: the prefilled one is among them, named by its goods.
        await expect
          .poll(() => orderSelect.locator(`option[value="${oid}"]`).textContent())
          .toMatch(new RegExp(`^.+ · ${oid}$`));
        // Customer service hours from the site config (SPEC §3) beside the form.
        await main.getByTestId('support-work-time').getByText('09:00 – 23:00', { exact: false }).waitFor();

        // Nothing typed: both fields say what is missing, in this language; nothing is sent.
        let creates = 0;
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/front/support/create') creates++;
        });
        await form.getByRole('button', { name: s.form.submit, exact: true }).click();
        await form.getByText(s.errors.subjectRequired, { exact: true }).waitFor();
        await form.getByText(s.errors.messageRequired, { exact: true }).waitFor();
        await expect(
          form.getByLabel(s.form.subject, { exact: true }).getAttribute('aria-invalid'),
        ).resolves.toBe('true');
        expect(creates).toBe(0);

        // Typing clears the errors and moves the counters.
        await form.getByLabel(s.form.subject, { exact: true }).fill(subject);
        await form.getByLabel(s.form.message, { exact: true }).fill(question);
        await expect(form.getByText(s.errors.subjectRequired).count()).resolves.toBe(0);
        await form.getByTestId('char-counter').first().getByText(`${subject.length}/120`).waitFor();
        await form.getByTestId('char-counter').nth(1).getByText(`${question.length}/2000`).waitFor();

        await form.getByRole('button', { name: s.form.submit, exact: true }).click();
        await page.waitForURL(TICKET_URL);
        const id = Number(TICKET_URL.exec(page.url())![1]);
        expect(creates).toBe(1);
        await toast(page, s.created).waitFor();
        const thread = main.getByTestId('ticket-thread');
        await thread.getByRole('heading', { level: 2, name: subject }).waitFor();
        await expect(thread.getAttribute('data-status')).resolves.toBe('open');
        await thread.getByTestId('ticket-status').getByText(s.status.open, { exact: true }).waitFor();
        await thread
          .getByTestId('ticket-order')
          .getByText(fill(s.aboutOrder, { oid }), { exact: true })
          .waitFor();
        await expect(thread.getByTestId('ticket-message').count()).resolves.toBe(1);
        await expect(thread.getByTestId('ticket-message').first().getAttribute('data-author')).resolves.toBe(
          'buyer',
        );
        await thread.getByText(s.waiting, { exact: true }).waitFor();

        // The list holds it as open, with the order, and the first message as the preview.
        await thread.getByRole('link', { name: s.back, exact: true }).click();
        await page.waitForURL(/\/user\/support$/);
        const row = main.locator(`[data-testid="ticket-row"][data-id="${id}"]`);
        await row.getByText(subject, { exact: true }).waitFor();
        await row.getByTestId('ticket-status').getByText(s.status.open, { exact: true }).waitFor();
        await row.getByText(fill(s.aboutOrder, { oid }), { exact: true }).waitFor();
        await row.getByText(fill(s.number, { id }), { exact: true }).waitFor();
        await expect(row.getByTestId('ticket-preview').textContent()).resolves.toBe(
          fill(s.preview, { author: s.author.buyer, text: question.replace(/\s+/g, ' ') }),
        );
        await row.locator('time').getByText(s.justNow, { exact: true }).waitFor();

        // An operator answers from the command line, on the shop's database.
        const cli = await runShopCommand(shop, 'support', ['answer', String(id), answer]);
        expect(cli, cli.output).toMatchObject({ code: 0 });
        expect(cli.output).toContain(`answered #${id}`);

        // The "answered" tab shows it after the answer, with the operator's words as the preview.
        await main
          .getByRole('navigation', { name: s.filter })
          .getByRole('link', { name: s.status.answered, exact: true })
          .click();
        await page.waitForURL(/status=answered/);
        await row.getByTestId('ticket-status').getByText(s.status.answered, { exact: true }).waitFor();
        await expect(row.getByTestId('ticket-preview').textContent()).resolves.toBe(
          fill(s.preview, { author: s.author.operator, text: answer }),
        );

        // The thread, reloaded: the answer on customer service's side, the ticket answered.
        await row.getByRole('link').click();
        await page.waitForURL(TICKET_URL);
        await page.reload();
        await expect.poll(() => thread.getAttribute('data-status')).toBe('answered');
        await thread.getByTestId('ticket-status').getByText(s.status.answered, { exact: true }).waitFor();
        const messages = thread.getByTestId('ticket-message');
        await expect(messages.count()).resolves.toBe(2);
        await expect(messages.nth(1).getAttribute('data-author')).resolves.toBe('operator');
        await messages.nth(1).getByText(answer, { exact: true }).waitFor();
        await messages.nth(1).getByText(s.author.operator, { exact: true }).waitFor();

        // An empty reply is stopped here; a real one opens the ticket again.
        const reply = thread.getByTestId('reply-form');
        await reply.getByRole('button', { name: s.reply.send, exact: true }).click();
        await reply.getByText(s.errors.messageRequired, { exact: true }).waitFor();
        await reply.getByLabel(s.reply.label, { exact: true }).fill(followUp);
        await reply.getByRole('button', { name: s.reply.send, exact: true }).click();
        await toast(page, s.reply.sent).waitFor();
        await expect.poll(() => thread.getAttribute('data-status')).toBe('open');
        await expect.poll(() => messages.count()).toBe(3);
        await messages.nth(2).getByText(followUp, { exact: true }).waitFor();
        await expect(reply.getByLabel(s.reply.label, { exact: true }).inputValue()).resolves.toBe('');

        // Close, after a confirmation that can be declined.
        await thread.getByRole('button', { name: s.close.button, exact: true }).click();
        const confirm = page.getByRole('dialog', { name: s.close.title });
        await confirm.getByRole('button', { name: s.close.keep, exact: true }).click();
        await confirm.waitFor({ state: 'hidden' });
        await expect(thread.getAttribute('data-status')).resolves.toBe('open');
        await thread.getByRole('button', { name: s.close.button, exact: true }).click();
        await confirm.getByRole('button', { name: s.close.confirm, exact: true }).click();
        await toast(page, s.close.done).waitFor();
        await expect.poll(() => thread.getAttribute('data-status')).toBe('closed');
        await thread.getByTestId('ticket-status').getByText(s.status.closed, { exact: true }).waitFor();
        await thread.getByTestId('ticket-closed').getByText(s.closedTitle, { exact: true }).waitFor();

        // Closed: no reply box and no close button, but a way to a new ticket about the same order.
        await expect(thread.getByTestId('reply-form').count()).resolves.toBe(0);
        await expect(thread.getByRole('button', { name: s.close.button }).count()).resolves.toBe(0);
        await expect(
          thread.getByTestId('ticket-closed').getByRole('link', { name: s.openNew }).getAttribute('href'),
        ).resolves.toBe(`/user/support?oid=${oid}`);
        const detail = await call<{ status: string; messages: unknown[] }>(
          'GET',
          `/api/front/support/detail?id=${id}`,
        );
        expect(detail.data).toMatchObject({ status: 'closed' });
        expect(detail.data.messages).toHaveLength(3);

        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('shows a ticket id the buyer does not own as not found', async () => {
    const page = await shop.signedInPage(token, '/user/support?ticket=987654', { lang: 'en' });
    try {
      await page
        .getByTestId('ticket-not-found')
        .getByText(en.support.notFoundTitle, { exact: true })
        .waitFor();
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
