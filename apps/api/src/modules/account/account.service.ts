import type { UserInfo } from '@shop/contract/account';
import { accountKind, normalizeAccount } from '@shop/domain/account';
import { formatMinor } from '@shop/domain/money';
import type { Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { buyerLevelInfo } from '../promotions/promotions.service.ts';
import type { Locale } from '@shop/domain/locale';
import { isUniqueViolation } from '../../db/dialect.ts';
import { getSetting } from '../site/site.service.ts';
import { checkCaptcha, checkCode, claimCode } from '../verification/verification.service.ts';
import {
  clearLoginFailures,
  countPasswordTry,
  findUserByAccount,
  insertUser,
  findUserByToken,
  insertToken,
  revokeAllTokens,
  revokeToken,
  updateUser,
} from './account.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { newToken, tokenHash } from './tokens.ts';

export type User = Selectable<UsersTable>;

const DAY_MS = 86_400_000;

async function issueToken(db: Database, userId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await insertToken(db, userId, tokenHash(token), now, now + ttlDays * DAY_MS);
  return token;
}

/** After this many failed logins in the window, the account (known or not) needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Body code of "captcha required" on login, so the form knows to show the captcha. */
export const CAPTCHA_REQUIRED_CODE = 40_001;
/** Body code of "this account is disabled" on login (HTTP 403), so the form shows the service contact. */
export const ACCOUNT_DISABLED_CODE = 40_301;

type CaptchaInput = { captcha_key?: string | undefined; captcha_code?: string | undefined };

/**
 * Counts a password try for `account` before the password is checked, and from the fourth try in
 * the window wants the captcha with it. Failures never lock the account: a lock is what a stranger
 * could keep on the owner (issue 11, findings 5 and 6; decision 025). The caller clears the count
 * when the password was right.
 */
export async function guardPasswordTry(
  db: Database,
  account: string,
  captcha: CaptchaInput,
  captchaDisabled: boolean,
) {
  const tries = await countPasswordTry(db, account, Date.now(), FAILURE_WINDOW_MS);
  if (tries <= CAPTCHA_AFTER_FAILURES) return;
  if (!captchaDisabled && (!captcha.captcha_key || !captcha.captcha_code))
    throw new AppError(400, 'captcha_required', undefined, CAPTCHA_REQUIRED_CODE);
  await checkCaptcha(db, captcha, captchaDisabled);
}

/**
 * Logs in with an email or phone and a password. Unknown account and wrong password answer the
 * same (no account enumeration), a disabled account with a wrong password too; an unknown account
 * costs the same hash check. Only the right password of a disabled account learns that it is
 * disabled, with the service hours of the site config to reach customer service (issue 29,
 * decision 061). Tries are counted per account string, known or not: from the fourth attempt in
 * the window a captcha is required.
 */
export async function login(
  db: Database,
  input: {
    account: string;
    password: string;
    captcha_key?: string | undefined;
    captcha_code?: string | undefined;
  },
  options: { ttlDays: number; captchaDisabled: boolean },
) {
  const kind = accountKind(input.account);
  const key = kind ? normalizeAccount(input.account, kind) : input.account.trim().toLowerCase();
  await guardPasswordTry(db, key, input, options.captchaDisabled);
  const user = kind ? await findUserByAccount(db, kind, key) : undefined;
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw new AppError(400, 'invalid_credentials');
  await clearLoginFailures(db, key);
  if (user.is_usable !== 1) {
    const hours = (await getSetting(db, 'work_time'))?.trim();
    throw hours
      ? new AppError(403, 'account_disabled_hours', { hours }, ACCOUNT_DISABLED_CODE)
      : new AppError(403, 'account_disabled', undefined, ACCOUNT_DISABLED_CODE);
  }
  return { token: await issueToken(db, user.id, options.ttlDays) };
}

/** Forgets the counted password tries of a login key once its password was right. */
export const clearPasswordTries = (db: Database, key: string) => clearLoginFailures(db, key);

function accountOf(account: string): { kind: 'email' | 'phone'; value: string } {
  const kind = accountKind(account);
  if (!kind) throw new AppError(400, 'account_invalid');
  return { kind, value: normalizeAccount(account, kind) };
}

/**
 * Registers with the email or phone a code was sent to. The code proves the address, so saying
 * "already registered" here reveals nothing to a stranger.
 */
export async function register(
  db: Database,
  input: { account: string; code: string; password: string; nickname?: string | undefined },
  ttlDays: number,
) {
  const { kind, value } = accountOf(input.account);
  const codeId = await checkCode(db, { target: value, purpose: 'register', code: input.code });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      await claimCode(trx, codeId);
      if (await findUserByAccount(trx, kind, value)) throw new AppError(400, 'account_exists');
      const now = Date.now();
      const id = await insertUser(trx, {
        [kind]: value,
        password_hash: passwordHash,
        nickname: input.nickname ?? defaultNickname(kind, value),
        created_at: now,
        updated_at: now,
      });
      const token = newToken();
      await insertToken(trx, id, tokenHash(token), now, now + ttlDays * DAY_MS);
      return { token };
    });
  } catch (err) {
    // Two registrations of one address at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw new AppError(400, 'account_exists');
    throw err;
  }
}

function defaultNickname(kind: 'email' | 'phone', value: string): string {
  return kind === 'email' ? value.split('@')[0]!.slice(0, 32) : `用户${value.slice(-4)}`;
}

/** Sets a new password with a reset code; every token of the account is revoked. */
export async function resetPassword(
  db: Database,
  input: { account: string; code: string; password: string },
  ttlDays: number,
) {
  const { kind, value } = accountOf(input.account);
  const codeId = await checkCode(db, { target: value, purpose: 'reset', code: input.code });
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    await claimCode(trx, codeId);
    const user = await findUserByAccount(trx, kind, value);
    if (!user) throw new AppError(400, 'code_invalid');
    const now = Date.now();
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await revokeAllTokens(trx, user.id, now);
    const token = newToken();
    await insertToken(trx, user.id, tokenHash(token), now, now + ttlDays * DAY_MS);
    return { token };
  });
}

/** Revokes this token; answering the same whether it was live or not. */
export async function logout(db: Database, token: string): Promise<void> {
  if (token) await revokeToken(db, tokenHash(token), Date.now());
}

/** The user of a live token, or undefined. */
export async function authenticate(db: Database, token: string): Promise<User | undefined> {
  if (!token || token.length > 200) return undefined;
  return findUserByToken(db, tokenHash(token), Date.now());
}

/** user/info; `levels`: the member level, the next one and the lifetime spend (issue 31). */
export function toUserInfo(
  user: User,
  levels: Pick<UserInfo, 'level' | 'next_level' | 'lifetime_spend'>,
): UserInfo {
  return {
    id: user.id,
    id_card_code: user.id_card_code,
    is_real: user.is_real,
    balance: formatMinor(user.balance, 'CNY'),
    avatar: user.avatar,
    birthday: user.birthday,
    email: user.email ?? '',
    is_usable: user.is_usable,
    name: user.name,
    nickname: user.nickname,
    openid: user.openid,
    phone: user.phone ?? '',
    sex: user.sex,
    ...levels,
  };
}

export async function updateProfile(
  db: Database,
  user: User,
  changes: { nickname?: string; avatar?: string; sex?: 0 | 1 | 2; birthday?: string; name?: string },
  isOwnUpload: (address: string) => boolean,
  locale: Locale,
): Promise<UserInfo> {
  // An avatar is shown to the user and in the header: only a picture from our own store, whose
  // type was checked when it was uploaded, never an arbitrary address.
  if (changes.avatar !== undefined && changes.avatar !== user.avatar && !isOwnUpload(changes.avatar))
    throw new AppError(400, 'avatar_not_uploaded');
  const next = { ...changes, updated_at: Date.now() };
  await updateUser(db, user.id, next);
  return toUserInfo({ ...user, ...next }, await buyerLevelInfo(db, user.id, locale));
}

/**
 * Changes the password with the old one. Every token of the user is revoked, the one in use too,
 * and a fresh token is returned, so other sessions must log in again. Old-password guesses are
 * counted like failed logins: a captcha from the fourth (issue 11, finding 6).
 */
export async function changePassword(
  db: Database,
  user: User,
  input: { old_password: string; password: string } & CaptchaInput,
  options: { ttlDays: number; captchaDisabled: boolean },
) {
  // Counted under the account's login name, so guesses here and at login share one count.
  const account = user.email ?? user.phone ?? `user:${user.id}`;
  await guardPasswordTry(db, account, input, options.captchaDisabled);
  if (!(await verifyPassword(user.password_hash, input.old_password)))
    throw new AppError(400, 'wrong_old_password');
  await clearLoginFailures(db, account);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await revokeAllTokens(trx, user.id, now);
    const token = newToken();
    await insertToken(trx, user.id, tokenHash(token), now, now + options.ttlDays * DAY_MS);
    return { token };
  });
}
