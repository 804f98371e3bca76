import { operatorCommand, type Print, runWithShopDatabase, time } from './harness.ts';
import type { Database } from '../db/database.ts';
import { commandActor } from '../modules/audit/audit.service.ts';
import { shipToLine } from '../modules/address/address.service.ts';
import { openDeliveries, operatorSettle } from '../modules/fulfilment/topup.service.ts';

// The operators' side of delivery until the console exists (issue 7):
//   npm run deliver -- list                    open deliveries: manual goods, top-ups not settled
//   npm run deliver -- done <oid> <note…>      marks them delivered; the buyer sees the note
//   npm run deliver -- refund <oid> <reason…>  refunds them to the buyer's balance

/** "player id · server · nickname", as the buyer confirmed it (decision 033). */
export const playerLine = (item: { player_id: string; server_en: string; player_nickname: string }) =>
  [item.player_id, item.server_en, item.player_nickname].filter(Boolean).join(' · ');

export const USAGE = 'usage: npm run deliver -- list | done <oid> <note> | refund <oid> <reason>';

/** Runs one command; returns the exit code. `print` gets each output line. */
export async function runDeliveryCommand(db: Database, args: string[], print: Print): Promise<number> {
  const [command, oid, ...rest] = args;
  const text = rest.join(' ').trim();
  return operatorCommand(print, USAGE, async () => {
    switch (command) {
      case 'list': {
        const open = await openDeliveries(db, 200);
        print(`${open.length} open deliver${open.length === 1 ? 'y' : 'ies'}`);
        for (const d of open)
          print(
            `${d.oid}  item ${d.order_item_id}  ${d.kind.padEnd(6)}  ${d.status.padEnd(9)}  ${time(d.created_at)}  ${d.goods_name_en} ${d.spec_en} ×${d.num}${d.player_id ? `  player ${playerLine(d)}` : ''}${d.kind === 'topup' ? `  polls ${d.polls}` : ''}${d.ships ? `  ship to ${shipToLine(d.ship_address, 'zh-CN') ?? '(no address)'}` : ''}`,
          );
        return 0;
      }
      case 'done':
      case 'refund': {
        if (!oid || !text || text.length > 500) return undefined;
        const { changed, withSupplier } = await operatorSettle(
          db,
          oid,
          command === 'done' ? 'deliver' : 'refund',
          text,
          commandActor('deliver'),
        );
        if (withSupplier > 0)
          print(
            `${withSupplier} top-up(s) of order ${oid} are still with the supplier; they settle by themselves`,
          );
        print(
          changed === 0
            ? `order ${oid} has nothing for an operator to settle`
            : `${command === 'done' ? 'delivered' : 'refunded'} ${changed} item(s) of order ${oid}`,
        );
        return changed === 0 ? 1 : 0;
      }
    }
    return undefined;
  });
}

export const main = (args = process.argv.slice(2)) => runWithShopDatabase(runDeliveryCommand, args);
