import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newRecoveryCodes,
  recoveryCodeHash,
  totpAt,
  verifyTotp,
} from './totp.ts';

// RFC 6238 appendix B (SHA-1 rows, 8 digits) with its 20-byte ASCII secret.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('gives the RFC 6238 test vectors', () => {
    expect(totpAt(RFC_SECRET, 59_000, 8)).toBe('94287082');
    expect(totpAt(RFC_SECRET, 1_111_111_109_000, 8)).toBe('07081804');
    expect(totpAt(RFC_SECRET, 1_234_567_890_000, 8)).toBe('89005924');
    expect(totpAt(RFC_SECRET, 20_000_000_000_000, 8)).toBe('65353130');
  });

  it('gives the RFC 4226 HOTP values', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts the code of this step and its neighbours only', () => {
    const now = 1_800_000_000_000;
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 90_000), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBe(false);
  });

  it('makes ten distinct recovery codes, hashed without case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace(/-/g, ''))).toBe(recoveryCodeHash(codes[0]!));
  });
});
