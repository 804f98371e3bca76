import { createHash, randomBytes } from 'node:crypto';

/** A new login token: 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
