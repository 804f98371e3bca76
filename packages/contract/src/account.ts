import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/account';
import { z } from 'zod';
import { memberLevel } from './promotions.ts';

const money = z.string().regex(/^\d+\.\d{2}$/);
import { identifier, REASON, text } from './text.ts';

// Account endpoints (SPEC §7, ARCHITECTURE.md §4). Login takes an email or a phone number.

/** An email or phone, stored lower-cased (users.email, login_failures.account: varchar(254)). */
const account = text({ min: 1, max: 254, lowercase: true });

const captchaFields = {
  captcha_key: identifier({ max: 64, min: 0 }).optional(),
  captcha_code: text({ max: 16 }).optional(),
};

export const loginBody = z.object({
  account: account.describe('Email or phone number'),
  // Any length is checked against the hash: the policy applies when a password is set.
  password: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }),
  ...captchaFields,
});
export const tokenData = z
  .object({ token: z.string().describe('Send it bare in the Authorization header') })
  .meta({ id: 'Token' });

export const password = text({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, trim: false });

/** The captcha is required after 3 wrong old passwords, as on login (body code 40001 until sent). */
export const changePasswordBody = z.object({
  old_password: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }),
  password,
  ...captchaFields,
});

/** The user of SPEC §3 (the token stays in the client). `balance` is CNY, like the ledger. */
export const userInfo = z
  .object({
    id: z.number().int(),
    id_card_code: z.string(),
    is_real: z.number().int(),
    balance: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .describe('Wallet balance in CNY, e.g. "500.00"'),
    avatar: z.string(),
    birthday: z.string().describe('YYYY-MM-DD or empty'),
    email: z.string(),
    is_usable: z.number().int(),
    name: z.string(),
    nickname: z.string(),
    openid: z.string(),
    phone: z.string(),
    sex: z.number().int().describe('0 unknown, 1 male, 2 female'),
    level: memberLevel.nullable().describe('Your member level (issue 31); null: none yet'),
    next_level: memberLevel
      .extend({ remaining: money.describe('CNY still to spend to reach it') })
      .nullable()
      .describe('The next level up; null: none'),
    lifetime_spend: money.describe('CNY paid for your orders, net of refunds: what levels are measured by'),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

const isoDate = text({ max: 10 })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REASON.date)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().startsWith(v) &&
      d.getTime() <= Date.now() &&
      v >= '1900-01-01'
    );
  }, REASON.pastDate);

/** POST /api/front/user/info: the profile fields; each is optional, absent ones are kept. */
export const profileBody = z
  .object({
    nickname: text({ min: 1, max: NICKNAME_MAX_LENGTH }),
    avatar: text({ max: 300 })
      .regex(/^(\/uploads\/[\w./-]+|https?:\/\/[^\s]+)?$/, REASON.uploadAddress)
      .describe('The public_url of an upload grant (GET /oss/getStsToken), or empty'),
    sex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    // A value of the wrong type fails both options: the union names what it allows (issue 29).
    birthday: z.union([z.literal(''), isoDate], { error: REASON.dateOrEmpty }),
    name: text({ max: 32 }),
  })
  .partial()
  .strict();

export const CODE_PURPOSES = ['register', 'reset', 'change'] as const;
const code = identifier({ max: 6, pattern: /^\d{6}$/, reason: REASON.sixDigits });

export const captchaData = z
  .object({ captcha_key: z.string(), image: z.string().describe('data:image/svg+xml;base64,…') })
  .meta({ id: 'Captcha' });

export const sendEmailCodeBody = z.object({
  email: text({ max: 254 }).email(),
  purpose: z.enum(CODE_PURPOSES).default('register'),
  ...captchaFields,
});
export const sendSmsCodeBody = z.object({
  phone: text({ min: 5, max: 20 }),
  purpose: z.enum(CODE_PURPOSES).default('register'),
  ...captchaFields,
});

export const registerBody = z.object({
  account: account.describe('Email or phone number the code was sent to'),
  code,
  password,
  nickname: text({ min: 1, max: NICKNAME_MAX_LENGTH }).optional(),
});

/** setPassword: with `old_password` while logged in (change), or with an emailed/SMS code (reset). */
export const resetPasswordBody = z.object({
  account,
  code,
  password,
});
export const setPasswordBody = z.union([changePasswordBody, resetPasswordBody]);

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.number().int(),
  sent_at: z.number().int().nullable().describe('When SMTP or the SMS adapter took it; null if local only'),
  last_error: z.string().nullable(),
});
