import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@shop/domain/admin';

// The operators' second factor: TOTP of RFC 6238 (HMAC-SHA-1, 30-second steps, 6 digits), what
// every authenticator app speaks, and one-time recovery codes. Written here rather than taken from
// a package: it is twenty lines over node:crypto, checked against the RFC's own test vectors.

const STEP_MS = 30_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The HOTP value (RFC 4226) of `key` for `counter`, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP code of a base32 secret at `now`. */
export function totpAt(secret: string, now: number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), Math.floor(now / STEP_MS), digits);
}

/** Whether `code` is the secret's code now, one step before or one after (clock drift). */
export function verifyTotp(secret: string, code: string, now: number): boolean {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return false;
  const key = base32Decode(secret);
  const step = Math.floor(now / STEP_MS);
  let ok = false;
  for (const drift of [-1, 0, 1]) {
    const expected = Buffer.from(hotp(key, step + drift));
    if (timingSafeEqual(expected, Buffer.from(code))) ok = true;
  }
  return ok;
}

/** A new 160-bit secret, base32 (what RFC 4226 recommends). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The address an authenticator app reads from a QR code. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: '30',
  });
  return `otpauth://totp/${label}?${params.toString()}`;
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
