import type { OperatorRole, Permission } from '@shop/domain/admin';
import { insertOperator, insertOperatorToken } from '../src/modules/admin/operator.repository.ts';
import { newToken, tokenHash } from '../src/modules/account/tokens.ts';
import type { Executor } from '../src/db/database.ts';

export type TestOperator = { id: number; email: string; token: string };

/**
 * An operator made straight in the database with a live token, for tests of the console's API
 * (logging in through the API costs an argon2 hash each; the login has its own tests).
 */
export async function addOperator(
  db: Executor,
  email: string,
  role: OperatorRole,
  permissions: readonly Permission[] = [],
): Promise<TestOperator> {
  const now = Date.now();
  const id = await insertOperator(db, {
    email,
    password_hash: 'not-a-password-hash',
    role,
    permissions: JSON.stringify(permissions),
    created_at: now,
    updated_at: now,
  });
  const token = newToken();
  await insertOperatorToken(db, id, tokenHash(token), now, now + 3_600_000);
  return { id, email, token };
}

/** Headers of a console request by this operator. */
export const as = (op: { token: string }, locale: 'zh-CN' | 'en' = 'en') => ({
  authorization: op.token,
  locale,
  'content-type': 'application/json',
});
