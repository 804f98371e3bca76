import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { localSecret } from '../../keys.ts';

// Card keys at rest (issue 7): AES-256-GCM with a random 96-bit IV per key; stored as
// "v1.<iv>.<tag>.<ciphertext>" in base64url. Duplicates are found by a keyed hash (HMAC-SHA256),
// so the table never holds anything a guess could be checked against without the key.

export type CardCipher = {
  encrypt(secret: string): string;
  decrypt(stored: string): string;
  /** Keyed hash of the normalized secret, for duplicate checks. */
  hash(secret: string): string;
};

export const normalizeSecret = (secret: string) => secret.trim();

export function createCardCipher(key: Buffer): CardCipher {
  if (key.length !== 32) throw new Error('the card key secret must be 32 bytes');
  const b64 = (b: Buffer) => b.toString('base64url');
  return {
    encrypt(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(normalizeSecret(secret), 'utf8'), cipher.final()]);
      return `v1.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(ct)}`;
    },
    decrypt(stored) {
      const [version, iv, tag, ct] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown card key format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    hash(secret) {
      return createHmac('sha256', key).update(normalizeSecret(secret)).digest('hex');
    },
  };
}

/** The shop's card key cipher: CARD_KEY_SECRET, or a key made on first start in DATA_DIR/keys. */
export function cardCipherFor(config: { cardKeySecret: Buffer | undefined; dataDir: string }): CardCipher {
  return createCardCipher(config.cardKeySecret ?? localSecret(config.dataDir, 'card-keys'));
}
