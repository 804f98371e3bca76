import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import type { Locale } from '@shop/domain/locale';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runBatch } from '../admin/batch.ts';
import type { Actor } from '../audit/audit.service.ts';
import { setGoodsOnSale } from './catalog-admin.service.ts';

// Goods on or off sale in a batch (issue 32, decision 081): each goods through setGoodsOnSale, its
// own transaction and audit entry (goods.on_sale / goods.off_sale); one already so is unchanged.

export function setGoodsOnSaleMany(
  db: Database,
  actor: Actor,
  input: { ids: number[]; on_sale: 0 | 1 },
  ctx: { locale: Locale; log?: FastifyBaseLogger },
): Promise<BatchResult> {
  const ids = [...new Set(input.ids)];
  return runBatch(
    ids.map((id) => ({ key: String(id), line: null, id })),
    (row) => setGoodsOnSale(db, actor, { id: row.id, on_sale: input.on_sale }),
    input.on_sale
      ? { done: 'batch_on_sale', same: 'batch_on_sale_same' }
      : { done: 'batch_off_sale', same: 'batch_off_sale_same' },
    ctx.locale,
    ctx.log,
  );
}
