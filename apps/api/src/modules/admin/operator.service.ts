import { createHash, randomBytes } from 'node:crypto';
import type { Operator as OperatorWire } from '@shop/contract/admin/auth.schemas';
import {
  type Permission,
  type OperatorRole,
  effectivePermissions,
  normalizePermissions,
} from '@shop/domain/admin';
import type { Selectable } from 'kysely';
import QRCode from 'qrcode';
import type { Database, Executor, OperatorsTable } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { clearPasswordTries, guardPasswordTry } from '../account/account.service.ts';
import { hashPassword, verifyPassword } from '../account/password.ts';
import { newToken, tokenHash } from '../account/tokens.ts';
import { noteOperatorLogin } from '../alerts/alerts.service.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import {
  countActiveOwners,
  countOperatorRows,
  findOperator,
  findOperatorByEmail,
  findOperatorByToken,
  insertOperator,
  insertOperatorToken,
  listOperatorRows,
  type OperatorSort,
  replaceRecoveryCodes,
  revokeOperatorToken,
  takeTotpStep,
  revokeOperatorTokens,
  updateOperatorRow,
} from './operator.repository.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from './totp.ts';

// Operator accounts and their sessions (issue 14, decision 039). Operators are not buyers: their
// own table and tokens; a buyer's token finds nobody here. Login has the buyers' throttle (a
// captcha from the fourth try in 15 minutes, counted per account) and, when turned on, a TOTP code
// or a one-time recovery code, each good once. The old-password checks of a password change and of
// turning the second factor off share the login's count (issue 29, decision 056).

export type Operator = Selectable<OperatorsTable>;
/** Seals the TOTP secret at rest (the shop's card-key cipher). */
export type Sealer = { encrypt(secret: string): string; decrypt(stored: string): string };

/** An operator's session lasts a working day. */
export const OPERATOR_TOKEN_TTL_MS = 12 * 3_600_000;
/** Body code of "enter your authenticator code" on login, so the form shows the field. */
export const TOTP_REQUIRED_CODE = 40_002;
const ISSUER = 'Shop console';

/** Login tries are counted in the buyers' table under a key no buyer account can have. */
const tryKey = (email: string) => `op:${createHash('sha256').update(email).digest('hex').slice(0, 40)}`;

export function permissionsOf(op: Operator): Permission[] {
  const stored = JSON.parse(op.permissions) as string[];
  return effectivePermissions({ role: op.role, permissions: normalizePermissions(stored) });
}

export function toOperatorWire(op: Operator): OperatorWire {
  return {
    id: op.id,
    email: op.email,
    name: op.name,
    role: op.role,
    permissions: permissionsOf(op),
    is_active: op.is_active === 1 ? 1 : 0,
    totp_enabled: op.totp_secret !== null,
    created_at: op.created_at,
    last_login_at: op.last_login_at,
  };
}

export function toMe(op: Operator) {
  return {
    ...toOperatorWire(op),
    recovery_codes_left: (JSON.parse(op.recovery_codes) as string[]).length,
    must_change_password: op.must_change_password === 1,
  };
}

/** What the audit log keeps of an operator (never a hash or a secret). */
const audited = (op: Operator) => ({
  email: op.email,
  name: op.name,
  role: op.role,
  permissions: permissionsOf(op),
  is_active: op.is_active,
  totp_enabled: op.totp_secret !== null,
});

async function issueToken(db: Executor, operatorId: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await insertOperatorToken(db, operatorId, tokenHash(token), now, now + OPERATOR_TOKEN_TTL_MS);
  return token;
}

export async function authenticateOperator(db: Database, token: string): Promise<Operator | undefined> {
  if (!token) return undefined;
  return findOperatorByToken(db, tokenHash(token), Date.now());
}

/**
 * A code from the authenticator that was not used before, or an unused recovery code; either is
 * then used up. A TOTP code's step is taken by a conditional update (`takeTotpStep`): a code is good
 * once, even when two logins send it at the same moment (RFC 6238 §5.2, decision 056).
 */
async function secondFactorPasses(
  db: Database,
  sealer: Sealer,
  op: Operator,
  code: string,
): Promise<boolean> {
  if (op.totp_secret === null) return true;
  const step = matchTotp(sealer.decrypt(op.totp_secret), code.trim(), Date.now());
  if (step !== null) return takeTotpStep(db, op.id, step);
  const stored = JSON.parse(op.recovery_codes) as string[];
  const hash = recoveryCodeHash(code);
  if (!stored.includes(hash)) return false;
  // Conditional on the list read: two logins with one code cannot both use it.
  return replaceRecoveryCodes(db, op.id, op.recovery_codes, JSON.stringify(stored.filter((h) => h !== hash)));
}

export async function operatorLogin(
  db: Database,
  sealer: Sealer,
  input: {
    account: string;
    password: string;
    totp?: string | undefined;
    captcha_key?: string | undefined;
    captcha_code?: string | undefined;
  },
  options: { captchaDisabled: boolean; ip?: string },
) {
  const email = input.account.trim().toLowerCase();
  const key = tryKey(email);
  await guardPasswordTry(db, key, input, options.captchaDisabled);
  const op = await findOperatorByEmail(db, email);
  const valid = await verifyPassword(op?.password_hash, input.password);
  if (!op || !valid || op.is_active !== 1) throw new AppError(400, 'invalid_credentials');
  if (op.totp_secret !== null) {
    if (!input.totp) throw new AppError(400, 'totp_required', undefined, TOTP_REQUIRED_CODE);
    if (!(await secondFactorPasses(db, sealer, op, input.totp))) throw new AppError(400, 'totp_invalid');
  }
  await clearPasswordTries(db, key);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    await updateOperatorRow(trx, op.id, { last_login_at: now });
    // An address new for this operator is an operators' alert (issue 32), with the login.
    if (options.ip) await noteOperatorLogin(trx, op, options.ip, now);
    return { token: await issueToken(trx, op.id) };
  });
}

export async function operatorLogout(db: Database, token: string): Promise<null> {
  if (token) await revokeOperatorToken(db, tokenHash(token), Date.now());
  return null;
}

type CaptchaInput = { captcha_key?: string | undefined; captcha_code?: string | undefined };

/**
 * The old-password check of a password change or of turning the second factor off: counted with
 * the operator's logins (a captcha from the fourth try in 15 minutes, decision 025) before the
 * hash is checked, the count cleared by the right password. Unthrottled, it let 200 guesses through
 * in about 3 s (issue 29, finding 1).
 */
async function checkOwnPassword(
  db: Database,
  op: Operator,
  password: string,
  captcha: CaptchaInput,
  captchaDisabled: boolean,
) {
  const key = tryKey(op.email);
  await guardPasswordTry(db, key, captcha, captchaDisabled);
  if (!(await verifyPassword(op.password_hash, password))) throw new AppError(400, 'wrong_old_password');
  await clearPasswordTries(db, key);
}

export async function changeOperatorPassword(
  db: Database,
  actor: Actor,
  op: Operator,
  input: { old_password: string; password: string } & CaptchaInput,
  options: { captchaDisabled: boolean },
) {
  await checkOwnPassword(db, op, input.old_password, input, options.captchaDisabled);
  // The same password again would clear a one-time password's flag and keep the password the owner
  // (or the shell) handed over (issue 29, finding 2).
  if (input.password === input.old_password) throw new AppError(400, 'password_unchanged');
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    await updateOperatorRow(trx, op.id, {
      password_hash: passwordHash,
      must_change_password: 0,
      updated_at: now,
    });
    await revokeOperatorTokens(trx, op.id, now);
    await recordAudit(trx, actor, { action: 'operator.password', objectType: 'operator', objectId: op.id });
    return { token: await issueToken(trx, op.id) };
  });
}

export async function startTotp(db: Database, sealer: Sealer, op: Operator) {
  const secret = newTotpSecret();
  await updateOperatorRow(db, op.id, { totp_pending: sealer.encrypt(secret), updated_at: Date.now() });
  const url = otpauthUrl(ISSUER, op.email, secret);
  return { secret, otpauth_url: url, qr_image: await QRCode.toDataURL(url, { margin: 1, width: 200 }) };
}

export async function enableTotp(db: Database, sealer: Sealer, actor: Actor, op: Operator, code: string) {
  if (op.totp_pending === null) throw new AppError(400, 'totp_not_started');
  const secret = sealer.decrypt(op.totp_pending);
  const step = matchTotp(secret, code.trim(), Date.now());
  if (step === null) throw new AppError(400, 'totp_invalid');
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await updateOperatorRow(trx, op.id, {
      totp_secret: op.totp_pending,
      totp_pending: null,
      // The code that confirmed the secret is used: it cannot log in as well.
      totp_last_step: step,
      recovery_codes: JSON.stringify(codes.map(recoveryCodeHash)),
      updated_at: Date.now(),
    });
    await recordAudit(trx, actor, {
      action: 'operator.totp_on',
      objectType: 'operator',
      objectId: op.id,
      before: { totp_enabled: op.totp_secret !== null },
      after: { totp_enabled: true },
    });
  });
  return { recovery_codes: codes };
}

export async function disableTotp(
  db: Database,
  actor: Actor,
  op: Operator,
  input: { password: string } & CaptchaInput,
  options: { captchaDisabled: boolean },
) {
  await checkOwnPassword(db, op, input.password, input, options.captchaDisabled);
  await db.transaction().execute(async (trx) => {
    await updateOperatorRow(trx, op.id, {
      totp_secret: null,
      totp_pending: null,
      recovery_codes: '[]',
      updated_at: Date.now(),
    });
    await recordAudit(trx, actor, {
      action: 'operator.totp_off',
      objectType: 'operator',
      objectId: op.id,
      before: { totp_enabled: op.totp_secret !== null },
      after: { totp_enabled: false },
    });
  });
  return null;
}

export async function listOperators(
  db: Database,
  query: {
    page: number;
    limit: number;
    sort?: OperatorSort | undefined;
    order: 'asc' | 'desc';
    keyword?: string | undefined;
  },
) {
  const [rows, total] = await Promise.all([
    listOperatorRows(
      db,
      query.keyword,
      query.sort ?? 'id',
      query.order,
      query.limit,
      (query.page - 1) * query.limit,
    ),
    countOperatorRows(db, query.keyword),
  ]);
  return { list: rows.map(toOperatorWire), total, page: query.page, limit: query.limit };
}

/** A password to hand over once: 16 characters from 96 random bits. */
function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

async function loadOperator(db: Executor, id: number): Promise<Operator> {
  const op = await findOperator(db, id);
  if (!op) throw new AppError(404, 'operator_not_found');
  return op;
}

export async function createOperator(
  db: Database,
  actor: Actor,
  input: { email: string; name: string; role: OperatorRole; permissions: Permission[] },
) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (await findOperatorByEmail(trx, input.email)) throw new AppError(400, 'operator_exists');
    const now = Date.now();
    const id = await insertOperator(trx, {
      email: input.email,
      name: input.name,
      password_hash: passwordHash,
      role: input.role,
      permissions: JSON.stringify(input.role === 'owner' ? [] : normalizePermissions(input.permissions)),
      must_change_password: 1,
      created_at: now,
      updated_at: now,
    });
    const op = await loadOperator(trx, id);
    await recordAudit(trx, actor, {
      action: 'operator.create',
      objectType: 'operator',
      objectId: id,
      after: audited(op),
    });
    return { operator: toOperatorWire(op), password };
  });
}

/** The shop must keep one active owner: refuse a change that would leave none. */
async function keepAnOwner(
  trx: Executor,
  before: Operator,
  after: { role: OperatorRole; is_active: number },
) {
  const wasOwner = before.role === 'owner' && before.is_active === 1;
  const staysOwner = after.role === 'owner' && after.is_active === 1;
  if (wasOwner && !staysOwner && (await countActiveOwners(trx)) <= 1) throw new AppError(400, 'last_owner');
}

export async function updateOperator(
  db: Database,
  actor: Actor,
  input: {
    id: number;
    name?: string | undefined;
    role?: OperatorRole | undefined;
    permissions?: Permission[] | undefined;
    is_active?: 0 | 1 | undefined;
  },
) {
  return db.transaction().execute(async (trx) => {
    const before = await loadOperator(trx, input.id);
    const role = input.role ?? before.role;
    const isActive = input.is_active ?? before.is_active;
    await keepAnOwner(trx, before, { role, is_active: isActive });
    const now = Date.now();
    const permissions =
      role === 'owner'
        ? []
        : normalizePermissions(input.permissions ?? (JSON.parse(before.permissions) as string[]));
    await updateOperatorRow(trx, before.id, {
      name: input.name ?? before.name,
      role,
      permissions: JSON.stringify(permissions),
      is_active: isActive,
      updated_at: now,
    });
    // Turned off: their sessions end at once.
    if (isActive !== 1) await revokeOperatorTokens(trx, before.id, now);
    const after = await loadOperator(trx, before.id);
    await recordAudit(trx, actor, {
      action: 'operator.update',
      objectType: 'operator',
      objectId: before.id,
      before: audited(before),
      after: audited(after),
    });
    return toOperatorWire(after);
  });
}

export async function resetOperatorPassword(db: Database, actor: Actor, id: number) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const before = await loadOperator(trx, id);
    const now = Date.now();
    await updateOperatorRow(trx, id, {
      password_hash: passwordHash,
      must_change_password: 1,
      totp_secret: null,
      totp_pending: null,
      recovery_codes: '[]',
      updated_at: now,
    });
    await revokeOperatorTokens(trx, id, now);
    await recordAudit(trx, actor, {
      action: 'operator.reset_password',
      objectType: 'operator',
      objectId: id,
      before: { totp_enabled: before.totp_secret !== null },
      after: { totp_enabled: false },
    });
    return { password };
  });
}

/**
 * `npm run admin -- create-owner <email>`: the first owner of a production shop (or another one).
 * Refuses an email that already has an account.
 */
export async function createOwner(db: Database, actor: Actor, email: string, name = '') {
  return createOperator(db, actor, {
    email: email.trim().toLowerCase(),
    name,
    role: 'owner',
    permissions: [],
  });
}

/** Seeds an operator with a known password (the demo seed only). */
export async function seedOperator(
  db: Executor,
  input: { email: string; password: string; name: string; role: OperatorRole; permissions: Permission[] },
) {
  if (await findOperatorByEmail(db, input.email)) return false;
  const now = Date.now();
  await insertOperator(db, {
    email: input.email,
    name: input.name,
    password_hash: await hashPassword(input.password),
    role: input.role,
    permissions: JSON.stringify(normalizePermissions(input.permissions)),
    created_at: now,
    updated_at: now,
  });
  return true;
}
