import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { accountKind, normalizeAccount } from '@shop/domain/account';
import type { Locale } from '@shop/domain/locale';
import svgCaptcha from 'svg-captcha';
import type { Channel, CodePurpose, Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  countFailedTry,
  insertCaptcha,
  insertCode,
  latestCode,
  takeCaptcha,
  useCode,
} from './verification.repository.ts';
import { templatedMail } from '../messaging/mail-templates.service.ts';
import { queueMessage } from '../messaging/messaging.service.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_COOLDOWN_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A new image captcha: the key to send back with the answer, and the SVG as a data URL. */
export async function createCaptcha(db: Database) {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#fff7ed',
  });
  const key = randomBytes(16).toString('hex');
  await insertCaptcha(db, key, sha256(captcha.text.toLowerCase()), Date.now() + CAPTCHA_TTL_MS);
  return {
    captcha_key: key,
    image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
  };
}

/** Checks and uses up a captcha (case-insensitive). CAPTCHA_DISABLED skips it for test runs. */
export async function checkCaptcha(
  db: Database,
  input: { captcha_key?: string | undefined; captcha_code?: string | undefined },
  disabled: boolean,
) {
  if (disabled) return;
  if (!input.captcha_key || !input.captcha_code) throw new AppError(400, 'captcha_required');
  const stored = await takeCaptcha(db, input.captcha_key, Date.now());
  if (!stored || !sameHash(stored, sha256(input.captcha_code.trim().toLowerCase())))
    throw new AppError(400, 'captcha_invalid');
}

/** What a code is for, in the words of its message (the template variable `purpose`). */
const PURPOSE: Record<Locale, Record<CodePurpose, string>> = {
  'zh-CN': { register: '注册账号', reset: '重置密码', change: '修改账号信息' },
  en: { register: 'create your account', reset: 'reset your password', change: 'change your account' },
};

const MESSAGES: Record<Locale, { subject: string; body: (code: string, purpose: CodePurpose) => string }> = {
  'zh-CN': {
    subject: '【像素港】验证码',
    body: (code, purpose) =>
      `您正在${PURPOSE['zh-CN'][purpose]}，验证码：${code}，10 分钟内有效。请勿将验证码告诉任何人。`,
  },
  en: {
    subject: 'Your Pixel Harbor code',
    body: (code, purpose) =>
      `Your code to ${PURPOSE.en[purpose]} is ${code}. It is valid for 10 minutes. Never share it with anyone.`,
  },
};

/**
 * Sends a 6-digit code bound to an address and a purpose, through the outbox (SMTP and SMS
 * providers read it; without them it is the local outbox of /dev/outbox). One code per address
 * and purpose per minute; a new code replaces the previous one.
 */
export async function sendCode(
  db: Database,
  input: { channel: Channel; target: string; purpose: CodePurpose },
  locale: Locale,
): Promise<void> {
  const now = Date.now();
  const previous = await latestCode(db, input.target, input.purpose);
  if (previous && now - previous.created_at < CODE_COOLDOWN_MS) throw new AppError(429, 'code_cooldown');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const text = MESSAGES[locale];
  await db.transaction().execute(async (trx) => {
    await insertCode(trx, {
      ...input,
      code_hash: sha256(code),
      created_at: now,
      expires_at: now + CODE_TTL_MS,
    });
    // The operator's template of this language (issue 32), else the built-in text.
    const mail = await templatedMail(trx, 'code', locale, {
      code,
      purpose: PURPOSE[locale][input.purpose],
      minutes: CODE_TTL_MS / 60_000,
    });
    await queueMessage(trx, {
      channel: input.channel,
      recipient: input.target,
      subject: mail?.subject ?? text.subject,
      body: mail?.body ?? text.body(code, input.purpose),
      created_at: now,
    });
  });
}

/** The address a code is sent to, normalized like the account it belongs to. */
export function codeTarget(address: string, expected: Channel): string {
  const kind = accountKind(address);
  if (kind !== (expected === 'email' ? 'email' : 'phone')) throw new AppError(400, 'account_invalid');
  return normalizeAccount(address, kind);
}

/** sendEmailcode / send_code: the captcha, then a code to the normalized address. */
export async function requestCode(
  db: Database,
  input: {
    channel: Channel;
    address: string;
    purpose: CodePurpose;
    captcha_key?: string | undefined;
    captcha_code?: string | undefined;
  },
  options: { captchaDisabled: boolean; locale: Locale },
): Promise<void> {
  await checkCaptcha(db, input, options.captchaDisabled);
  await sendCode(
    db,
    { channel: input.channel, target: codeTarget(input.address, input.channel), purpose: input.purpose },
    options.locale,
  );
}

/**
 * Checks the latest code for this address and purpose: at most CODE_MAX_TRIES wrong tries, valid
 * for CODE_TTL_MS. A wrong try is counted at once, so run this before (never inside) the
 * transaction that uses the code: a rollback must not forget a failed try. Returns the code's id
 * for `claimCode`.
 */
export async function checkCode(
  db: Database,
  input: { target: string; purpose: CodePurpose; code: string },
): Promise<number> {
  const row = await latestCode(db, input.target, input.purpose);
  if (!row || row.used_at !== null || row.expires_at <= Date.now()) throw new AppError(400, 'code_invalid');
  if (row.tries >= CODE_MAX_TRIES) throw new AppError(400, 'code_too_many_tries');
  if (!sameHash(row.code_hash, sha256(input.code.trim()))) {
    await countFailedTry(db, row.id);
    throw new AppError(400, 'code_invalid');
  }
  return row.id;
}

/** Uses a checked code inside the caller's transaction; single use even under concurrent attempts. */
export async function claimCode(trx: Executor, id: number): Promise<void> {
  if (!(await useCode(trx, id, Date.now()))) throw new AppError(400, 'code_invalid');
}
