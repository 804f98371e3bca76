import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id setting (ARCHITECTURE.md §2): 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which this build's settings cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account) it still runs one
 * verification against a dummy hash, so the answer takes as long as for a known account.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored) return verify(stored, password).catch(() => false);
  dummy ??= hashPassword('not-a-real-password-0000');
  await verify(await dummy, password).catch(() => false);
  return false;
}
