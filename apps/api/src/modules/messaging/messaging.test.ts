import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { insertOutbox } from './messaging.repository.ts';
import { dispatchOutbox, MAX_ATTEMPTS, retryDelay } from './messaging.service.ts';
import { configuredTransports, SMS_SIGNATURE_HEADER, SMS_TIMESTAMP_HEADER } from './transports.ts';

type Mail = { from: string; to: string[]; data: string };

/** A real SMTP server on loopback (smtp-server, by nodemailer's authors); `reject` fails deliveries. */
async function startSmtp() {
  const mails: Mail[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, done) =>
      auth.username === 'shop' && auth.password === 's3cret'
        ? done(null, { user: 'shop' })
        : done(new Error('Invalid username or password')),
    onRcptTo: (_address, _session, done) =>
      state.reject ? done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : done(),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    state,
    url: `smtp://shop:s3cret@127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An SMS relay on loopback that checks the signature and answers `status`. */
async function startSmsRelay(secret: string) {
  const received: { body: { id: number; to: string; text: string }; signed: boolean }[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = createHmac('sha256', secret)
        .update(`${String(req.headers[SMS_TIMESTAMP_HEADER])}.${raw}`)
        .digest('hex');
      received.push({ body: JSON.parse(raw), signed: req.headers[SMS_SIGNATURE_HEADER] === expected });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(testEngines())('outbox delivery: SMTP and the SMS adapter (%s)', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsRelay>>;
  const SMS_SECRET = 'a-shared-secret-of-32-characters';
  const row = (id: number) =>
    t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const queue = async (channel: 'email' | 'sms', recipient: string, body = 'Your code is 123456') => {
    await insertOutbox(t.db, { channel, recipient, subject: 'Code', body, created_at: Date.now() });
    const last = await t.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return last.id;
  };
  const transports = () => configuredTransports(t.config);

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSmsRelay(SMS_SECRET);
    t = await createTestApp(
      engine,
      {
        CAPTCHA_DISABLED: '1',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Pixel Harbor <shop@demo.test>',
        SMS_WEBHOOK_URL: sms.url,
        SMS_WEBHOOK_SECRET: SMS_SECRET,
      },
      { jobTimers: false },
    ); // the tests dispatch by hand; a code request still kicks the job
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  it('emails a requested code through SMTP right away, and marks it sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/app/sendEmailcode',
      payload: { email: 'Mail.Test@Demo.test' },
      headers: { locale: 'en' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 5_000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('shop@demo.test');
    expect(mail.to).toEqual(['mail.test@demo.test']);
    expect(mail.data).toContain('Subject: Your Pixel Harbor code');
    const stored = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'mail.test@demo.test')
      .executeTakeFirstOrThrow();
    expect(mail.data).toContain(/(\d{6})/.exec(stored.body)![1]);
    await expect.poll(async () => (await row(stored.id)).sent_at, { timeout: 5_000 }).not.toBeNull();
    expect((await row(stored.id)).attempts).toBe(1);
  });

  it('texts through the signed SMS webhook', async () => {
    const id = await queue('sms', '+8613800138000', '验证码 654321');
    expect(await dispatchOutbox(t.db, transports())).toMatchObject({ sent: 1, failed: 0 });
    const got = sms.received.find((r) => r.body.id === id);
    expect(got).toEqual({ body: { id, to: '+8613800138000', text: '验证码 654321' }, signed: true });
    expect((await row(id)).sent_at).not.toBeNull();
  });

  it('keeps a failed message with its error and retries it later with back-off, up to the limit', async () => {
    smtp.state.reject = true;
    sms.state.status = 503;
    const mailId = await queue('email', 'down@demo.test');
    const smsId = await queue('sms', '+8613800138001');
    const before = Date.now();
    expect(await dispatchOutbox(t.db, transports())).toMatchObject({ sent: 0, failed: 2 });
    const failedMail = await row(mailId);
    expect(failedMail).toMatchObject({ sent_at: null, attempts: 1 });
    expect(failedMail.last_error).toMatch(/Mailbox unavailable/);
    expect(failedMail.next_attempt_at).toBeGreaterThanOrEqual(before + retryDelay(1));
    expect((await row(smsId)).last_error).toBe('SMS webhook answered 503');
    // Not due yet: nothing is tried.
    expect(await dispatchOutbox(t.db, transports())).toMatchObject({ sent: 0, failed: 0 });

    // Due again, and the servers are back: sent.
    smtp.state.reject = false;
    sms.state.status = 200;
    await t.db.updateTable('outbox').set({ next_attempt_at: 0 }).where('id', 'in', [mailId, smsId]).execute();
    expect(await dispatchOutbox(t.db, transports())).toMatchObject({ sent: 2 });
    expect(await row(mailId)).toMatchObject({ attempts: 2, last_error: null });

    // A message that keeps failing stops after MAX_ATTEMPTS tries.
    smtp.state.reject = true;
    const stuck = await queue('email', 'stuck@demo.test');
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await t.db
        .updateTable('outbox')
        .set({ next_attempt_at: 0 })
        .where('id', '=', stuck)
        .where('attempts', '<', MAX_ATTEMPTS)
        .execute();
      await dispatchOutbox(t.db, transports());
    }
    expect((await row(stuck)).attempts).toBe(MAX_ATTEMPTS);
    expect((await row(stuck)).sent_at).toBeNull();
    smtp.state.reject = false;
  });

  it('sends a message once when several dispatchers run at the same time', async () => {
    const before = smtp.mails.length;
    const ids = [await queue('email', 'race1@demo.test'), await queue('email', 'race2@demo.test')];
    const runs = await Promise.all(Array.from({ length: 6 }, () => dispatchOutbox(t.db, transports())));
    expect(runs.reduce((n, r) => n + r.sent + r.failed, 0)).toBe(2);
    expect(smtp.mails.length - before).toBe(2);
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });

  it('leaves the outbox alone when no transport is configured', async () => {
    const id = await queue('email', 'local@demo.test');
    expect(await dispatchOutbox(t.db, {})).toEqual({ sent: 0, failed: 0 });
    expect((await row(id)).attempts).toBe(0);
  });
});
