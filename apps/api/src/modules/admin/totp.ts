import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@shop/domain/admin';
import { Secret, TOTP } from 'otpauth';

// The operators' second factor: TOTP of RFC 6238 (HMAC-SHA-1, 30-second steps, 6 digits), what
// every authenticator app speaks, and one-time recovery codes. The TOTP arithmetic (base32, HOTP,
// time steps, the drift window, the otpauth:// address) is the `otpauth` package's (decision 056);
// what is ours: which step a code was accepted for, so the caller can refuse a second use of it
// (RFC 6238 §5.2, operator.service.ts), and the recovery codes.

const PERIOD_S = 30;
/** Steps either side of now whose code is accepted: clock drift of ±30 s (decision 039). */
export const TOTP_DRIFT_STEPS = 1;

function totpOf(secret: string, digits: number, issuer = '', label = 'OTPAuth') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits,
    period: PERIOD_S,
  });
}

/** The time step of `now` (epoch ms): whole 30-second periods since 1970. */
export function totpStep(now: number): number {
  return TOTP.counter({ period: PERIOD_S, timestamp: now });
}

/** The TOTP code of a base32 secret at `now` (epoch ms). */
export function totpAt(secret: string, now: number, digits = TOTP_DIGITS): string {
  return totpOf(secret, digits).generate({ timestamp: now });
}

/**
 * The time step `code` is the secret's code for, when that is the step of `now` or one either side
 * (clock drift); null when it is none of them. Whether the step was used already is the caller's
 * to check: a code is good once.
 */
export function matchTotp(secret: string, code: string, now: number): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const delta = totpOf(secret, TOTP_DIGITS).validate({
    token: code,
    timestamp: now,
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(now) + delta;
}

/** A new 160-bit secret, base32 (what RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The address an authenticator app reads from a QR code. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  return totpOf(secret, TOTP_DIGITS, issuer, account).toString();
}

/** Ten recovery codes like `k3f9-2m7q-x8dp`: 60 random bits each, no look-alike letters. */
export function newRecoveryCodes(): string[] {
  const letters = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => letters[b % letters.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** What the database keeps of a recovery code: its SHA-256, case and dashes ignored. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}
