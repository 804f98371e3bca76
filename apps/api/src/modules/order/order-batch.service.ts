import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import type { Locale } from '@shop/domain/locale';
import { OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { runBatch } from '../admin/batch.ts';
import type { Actor } from '../audit/audit.service.ts';
import { cancelByOperator, deliverItem } from './order-admin.service.ts';
import { findOrderByOid, listItemsWithDelivery } from './order-admin.repository.ts';
import { parseShipCsv } from './ship-csv.ts';

// Batch work on orders (issue 32, decision 081): shipping many merchandise orders, from the
// console's dialog or a CSV, and cancelling many unpaid orders. Each order goes through the
// single-order action (deliverItem, cancelByOperator): its own transaction, conditional transition
// and audit entry, so two batches shipping the same order ship it once.

type Ctx = { locale: Locale; log?: FastifyBaseLogger };
type Ship = { oid: string; carrier: string; tracking_no: string };

const isOpen = (status: string | null) =>
  status !== null && (OPEN_DELIVERY_STATUSES as readonly string[]).includes(status);

/**
 * Ships one order: every open manual item of it that ships gets the carrier (the note the buyer
 * reads) and the tracking number. Shipped before with the same ones: nothing changes.
 */
export async function shipOrder(db: Database, actor: Actor, row: Ship): Promise<{ changed: boolean }> {
  const order = await findOrderByOid(db, row.oid);
  if (!order) throw new AppError(404, 'order_not_found');
  const shipping = (await listItemsWithDelivery(db, Number(order.id))).filter((i) => Number(i.ships));
  if (shipping.length === 0) throw new AppError(409, 'batch_nothing_to_ship');
  if (order.status === 'pending_payment') throw new AppError(409, 'batch_not_paid');
  if (order.status === 'cancelled') throw new AppError(409, 'batch_order_cancelled');
  const open = shipping.filter((i) => i.d_kind === 'manual' && isOpen(i.d_status));
  if (open.length === 0) {
    const same = shipping.every(
      (i) => i.d_status === 'delivered' && i.d_note === row.carrier && i.d_tracking_no === row.tracking_no,
    );
    if (same) return { changed: false };
    if (order.status === 'failed' || order.status === 'refunded')
      throw new AppError(409, 'batch_order_closed');
    throw new AppError(409, 'batch_shipped_already', {
      tracking: shipping.find((i) => i.d_tracking_no)?.d_tracking_no ?? '—',
    });
  }
  let changed = false;
  for (const item of open) {
    const done = await deliverItem(db, actor, {
      order_item_id: Number(item.id),
      note: row.carrier,
      tracking_no: row.tracking_no,
    });
    changed ||= done.changed;
  }
  return { changed };
}

const SHIP_WORDS = { done: 'batch_shipped', same: 'batch_shipped_same' } as const;

/** Ships the orders of the console's dialog, each reported. */
export function shipOrders(db: Database, actor: Actor, rows: Ship[], ctx: Ctx): Promise<BatchResult> {
  return runBatch(
    rows.map((r) => ({ ...r, key: r.oid, line: null })),
    (row) => shipOrder(db, actor, row),
    SHIP_WORDS,
    ctx.locale,
    ctx.log,
  );
}

/** Ships the orders of a CSV, each line reported: shipped, or why not. */
export function shipOrdersFromCsv(db: Database, actor: Actor, csv: string, ctx: Ctx): Promise<BatchResult> {
  const { lines, refused } = parseShipCsv(csv);
  return runBatch(lines, (row) => shipOrder(db, actor, row), SHIP_WORDS, ctx.locale, ctx.log, refused);
}

/** Cancels unpaid orders through the single cancel (stock and card keys go back), each reported. */
export function cancelOrders(
  db: Database,
  actor: Actor,
  input: { oids: string[]; reason: string },
  ctx: Ctx,
): Promise<BatchResult> {
  const oids = [...new Set(input.oids)];
  return runBatch(
    oids.map((oid) => ({ key: oid, line: null })),
    (row) => cancelByOperator(db, actor, { oid: row.key, reason: input.reason }),
    { done: 'batch_cancelled', same: 'batch_cancelled_same' },
    ctx.locale,
    ctx.log,
  );
}
