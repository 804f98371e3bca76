import {
  CARD_KEY_MACHINE,
  DELIVERY_MACHINE,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  REFUND_MACHINE,
} from '@shop/domain/order';
import { fromStates, type Machine } from '@shop/domain/state-machine';
import { TICKET_MACHINE } from '@shop/domain/support';
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Updateable } from 'kysely';
import type { DB, Executor } from './database.ts';

// The one way a status of an order, payment, delivery, card key, refund or support ticket changes (ARCHITECTURE.md §5,
// issue 11). The allowed `from` states come from the machine declared in packages/domain, and the
// change is one conditional UPDATE … WHERE status IN (from): the database decides who wins when two
// transactions race, and a caller that changed zero rows was not the winner and treats the event as
// a duplicate. A caller may narrow `from` (e.g. "only from queued"), never widen it: a state the
// machine does not list as a source of `to` throws IllegalTransition before any SQL is sent.

const MACHINES = {
  orders: ORDER_MACHINE,
  payments: PAYMENT_MACHINE,
  deliveries: DELIVERY_MACHINE,
  card_keys: CARD_KEY_MACHINE,
  refunds: REFUND_MACHINE,
  support_tickets: TICKET_MACHINE,
} satisfies { [T in keyof DB]?: Machine<DB[T] extends { status: infer S extends string } ? S : never> };

export type MachineTable = keyof typeof MACHINES;
export type StatusOf<T extends MachineTable> = DB[T]['status'];

export type Transition<T extends MachineTable> = {
  /** The rows: one column and the values it may have (an id, a payment number, order item ids). */
  where: { [C in keyof DB[T] & string]?: readonly (string | number)[] };
  to: StatusOf<T>;
  /** Narrower sources than the machine allows (each must be allowed). */
  from?: readonly StatusOf<T>[];
  /** Other columns written with the new status. */
  set?: Omit<Updateable<DB[T]>, 'status'>;
  /** A further condition for the change (e.g. an order still unexpired). */
  also?: (eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>;
};

/** Rows as the one update below sees them: a status and other columns. */
type StatusRows = Record<MachineTable, { status: string } & Record<string, unknown>>;

/** Applies a declared transition; returns how many rows this call moved (0: someone else won). */
export async function transition<T extends MachineTable>(
  db: Executor,
  table: T,
  change: Transition<T>,
): Promise<number> {
  const machine = MACHINES[table] as unknown as Machine<StatusOf<T>>;
  const from = fromStates(machine, change.to, change.from);
  const entries = Object.entries(change.where) as [string, readonly (string | number)[]][];
  if (entries.length !== 1) throw new Error(`transition of ${table}: name exactly one key column`);
  const [column, values] = entries[0]!;
  if (values.length === 0) return 0;
  // One view of the machines' tables for this generic update; the caller's types were checked above.
  const view = db as unknown as Kysely<StatusRows>;
  let query = view
    .updateTable(table as MachineTable)
    .set({ ...(change.set as Record<string, unknown>), status: change.to })
    .where(column, 'in', values)
    .where('status', 'in', from);
  if (change.also)
    query = query.where(
      change.also as unknown as (eb: ExpressionBuilder<StatusRows, MachineTable>) => Expression<SqlBool>,
    );
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
