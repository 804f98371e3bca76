import { insertToken, insertUser } from '../src/modules/account/account.repository.ts';
import { newToken, tokenHash } from '../src/modules/account/tokens.ts';
import type { Executor } from '../src/db/database.ts';
import { changeBalance } from '../src/modules/wallet/wallet.service.ts';

export type FundedBuyer = { id: number; token: string };

/**
 * Buyers made straight in the database, for tests that need many at once: each with an opening
 * balance through the wallet (so its ledger adds up) and a live login token. Emails are
 * `<prefix>-<i>@buyers.test`, so give each call its own prefix.
 */
export async function addFundedBuyers(
  trx: Executor,
  prefix: string,
  count: number,
  openingBalance: number,
): Promise<FundedBuyer[]> {
  const buyers: FundedBuyer[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const id = Number(
      await insertUser(trx, {
        email: `${prefix}-${i}@buyers.test`,
        password_hash: 'not-a-password-hash',
        created_at: now,
        updated_at: now,
      }),
    );
    await changeBalance(trx, {
      userId: id,
      amount: openingBalance,
      type: 'opening',
      ref: '',
      key: `opening:${id}`,
    });
    const token = newToken();
    await insertToken(trx, id, tokenHash(token), now, now + 86_400_000);
    buyers.push({ id, token });
  }
  return buyers;
}
