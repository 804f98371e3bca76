import type { Database } from './database.ts';
import { demoCatalog } from './demo-catalog.ts';
import { insertCatalog } from './seed-catalog.ts';
import { findUserByAccount, insertUser } from '../modules/account/account.repository.ts';
import { hashPassword } from '../modules/account/password.ts';
import { readSettings, writeSettings } from '../modules/site/site.repository.ts';

const MARK = 'demo_seeded_at';
/** The catalog came with issue 3: databases seeded before it get it on their next start. */
const CATALOG_MARK = 'demo_catalog_seeded_at';
/** The demo buyer of ARCHITECTURE.md §4, shown in the README. */
export const DEMO_BUYER = {
  email: 'buyer@demo.test',
  password: 'demo1234',
  nickname: '演示买家',
  balance: 50_000,
};
const BUYER_MARK = 'demo_buyer_seeded_at';

/**
 * Demo data for a newcomer (ARCHITECTURE.md §4): seeded once into a database that has none, and
 * never in production mode (the caller checks config.seedDemo). Returns whether it seeded.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await readSettings(trx, [MARK, CATALOG_MARK, BUYER_MARK]);
    let seeded = false;
    const goods = await trx.selectFrom('goods').select('id').limit(1).execute();
    if (!marked.has(CATALOG_MARK) && goods.length === 0) {
      await insertCatalog(trx, demoCatalog);
      await writeSettings(trx, { [CATALOG_MARK]: String(Date.now()) });
      seeded = true;
    }
    if (!marked.has(BUYER_MARK) && !(await findUserByAccount(trx, 'email', DEMO_BUYER.email))) {
      const now = Date.now();
      await insertUser(trx, {
        email: DEMO_BUYER.email,
        password_hash: await hashPassword(DEMO_BUYER.password),
        nickname: DEMO_BUYER.nickname,
        // Issue 6 (wallet) must give this balance an opening ledger entry: ledger sum = balance.
        balance: DEMO_BUYER.balance,
        created_at: now,
        updated_at: now,
      });
      await writeSettings(trx, { [BUYER_MARK]: String(now) });
      seeded = true;
    }
    if (marked.has(MARK)) return seeded;
    const links = await trx.selectFrom('links').select('id').limit(1).execute();
    if (links.length > 0) return seeded;

    const now = Date.now();
    await writeSettings(trx, {
      copyright: '© 2026 Pixel Harbor 像素港',
      icp: '沪ICP备2026000000号-1',
      work_time: '09:00 – 23:00 (UTC+8)',
      game_website_url: '/',
      [MARK]: String(now),
    });
    await trx
      .insertInto('links')
      .values(
        [
          ['关于我们', 'About us', '/article/1'],
          ['帮助中心', 'Help center', '/article/2'],
          ['用户协议', 'Terms of service', '/article/3'],
          ['隐私政策', 'Privacy policy', '/article/4'],
          ['联系客服', 'Contact support', '/user/support'],
        ].map(([name_zh, name_en, url], i) => ({
          name_zh: name_zh!,
          name_en: name_en!,
          url: url!,
          sort: i,
          is_show: 1,
          created_at: now,
        })),
      )
      .execute();
    return true;
  });
}
