import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  totpAt,
  totpStep,
} from './totp.ts';

// RFC 6238 appendix B (SHA-1 rows, 8 digits) with its 20-byte ASCII secret, in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('is the RFC’s ASCII key, and the address an authenticator reads names it', () => {
    expect(Secret.fromLatin1('12345678901234567890').base32).toBe(RFC_SECRET);
    expect(otpauthUrl('Shop console', 'a@b.test', RFC_SECRET)).toBe(
      `otpauth://totp/Shop%20console:a%40b.test?issuer=Shop%20console&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('gives the RFC 6238 test vectors (SHA-1)', () => {
    const rows: Array<[number, string]> = [
      [59, '94287082'],
      [1_111_111_109, '07081804'],
      [1_111_111_111, '14050471'],
      [1_234_567_890, '89005924'],
      [2_000_000_000, '69279037'],
      [20_000_000_000, '65353130'],
    ];
    for (const [seconds, code] of rows)
      expect(totpAt(RFC_SECRET, seconds * 1000, 8), `T=${seconds}`).toBe(code);
    // The RFC's T column (hex step) for the same rows.
    expect(
      rows.map(([s]) =>
        totpStep(s * 1000)
          .toString(16)
          .toUpperCase(),
      ),
    ).toEqual(['1', '23523EC', '23523ED', '273EF07', '3F940AA', '27BC86AA']);
  });

  it('gives the RFC 4226 HOTP values as the codes of steps 0 to 9', () => {
    expect([0, 1, 2, 9].map((c) => totpAt(RFC_SECRET, c * 30_000))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('matches the code of this step and its neighbours only, naming the step it belongs to', () => {
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now, 8), now)).toBeNull();
  });

  it('makes 160-bit secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('makes ten distinct recovery codes, hashed without case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace(/-/g, ''))).toBe(recoveryCodeHash(codes[0]!));
  });
});
