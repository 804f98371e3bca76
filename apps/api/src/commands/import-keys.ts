import { RECHARGE_TYPE } from '@shop/domain/catalog';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type BadLineReason, keyBatches } from '@shop/domain/card-keys';
import type { Database } from '../db/database.ts';
import { commandActor } from '../modules/audit/audit.service.ts';
import { cardCipherFor, type CardCipher } from '../modules/fulfilment/card-cipher.ts';
import { parseKeyCsv } from '../modules/fulfilment/card-csv.ts';
import {
  faceKeyOption,
  importKeyBatch,
  keyOptionStock,
  type OptionRef,
  skuKeyOption,
} from '../modules/fulfilment/card-keys-admin.service.ts';
import type { CardOption } from '../modules/fulfilment/card-keys.service.ts';
import { operatorCommand, withShopDatabase } from './harness.ts';

// The operators' key import (issue 7):
//   npm run import-keys -- --sku <sku id> <file>
//   npm run import-keys -- --goods <goods id> --face <face value> <file>
// The file is text (one key per line) or CSV (the first column; a header row is skipped and said),
// read as CSV by csv-parse like the console's import (card-csv.ts parseKeyCsv, issue 29), and
// imported through the same service in batches, each audited as done by `cli:import-keys` (issue 14). Keys already in
// stock, or repeated in the file, are skipped; bad lines are listed. A progress bar runs on stderr.

export const USAGE =
  'usage: npm run import-keys -- --sku <sku id> <file>  |  --goods <goods id> --face <face value> <file>';
/** Bad lines listed one by one; more are counted. */
const LISTED_BAD = 20;
const BAD_WORDS: Record<BadLineReason, string> = {
  empty: 'no key',
  too_long: 'too long',
  control: 'control characters',
  quote: 'a quote is never closed',
};

export type ImportIo = { out(line: string): void; progress(done: number, total: number): void };

/** The keys of a text or CSV file (the console's rules): first column, no header, blank lines or bad lines. */
export function parseKeyFile(text: string): string[] {
  return parseKeyCsv(text).keys.map((k) => k.secret);
}

/** A text progress bar: [#########-----------]  45%  450/1000 */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total}`;
}

/** The option the arguments name, why it cannot take keys, or undefined: the arguments are wrong. */
async function resolveOption(
  db: Database,
  args: Map<string, string>,
): Promise<CardOption | string | undefined> {
  if (args.has('sku')) {
    const sku = await skuKeyOption(db, Number(args.get('sku')));
    if (!sku) return `no SKU ${args.get('sku')}`;
    if (sku.recharge_type !== RECHARGE_TYPE.CARD_KEY) return `SKU ${sku.id} is not a card-key goods`;
    return { goodsId: sku.goods_id, skuId: sku.id, faceValue: null };
  }
  if (args.has('goods') && args.has('face')) {
    const face = await faceKeyOption(db, Number(args.get('goods')), Number(args.get('face')));
    if (!face) return `goods ${args.get('goods')} has no face value ${args.get('face')}`;
    if (face.recharge_type !== RECHARGE_TYPE.CARD_KEY)
      return `goods ${face.goods_id} is not a card-key goods`;
    return { goodsId: face.goods_id, skuId: null, faceValue: face.face_value };
  }
  return undefined;
}

/** Runs one import; returns the exit code. */
export function runImport(db: Database, cipher: CardCipher, argv: string[], io: ImportIo): Promise<number> {
  return operatorCommand(
    (line) => io.out(line),
    USAGE,
    async () => {
      const args = new Map<string, string>();
      const files: string[] = [];
      for (let i = 0; i < argv.length; i++) {
        const a = argv[i]!;
        if (a.startsWith('--')) args.set(a.slice(2), argv[++i] ?? '');
        else files.push(a);
      }
      if (files.length !== 1) return undefined;
      const option = await resolveOption(db, args);
      if (option === undefined) return undefined;
      if (typeof option === 'string') {
        io.out(option);
        return 2;
      }
      let text: string;
      try {
        text = fs.readFileSync(files[0]!, 'utf8');
      } catch {
        io.out(`cannot read ${files[0]}`);
        return 1;
      }
      const parsed = parseKeyCsv(text);
      const total = parsed.keys.length;
      const ref: OptionRef =
        option.skuId !== null
          ? { goods_id: option.goodsId, goods_sku_id: option.skuId }
          : { goods_id: option.goodsId, face_value: option.faceValue! };
      const importId = `cli-${randomUUID()}`;
      const actor = commandActor('import-keys');
      let inserted = 0;
      let done = 0;
      io.progress(0, total);
      for (const [batch, lines] of keyBatches(parsed).entries()) {
        const report = await importKeyBatch(db, cipher, actor, {
          ...ref,
          import_id: importId,
          batch,
          ...lines,
        });
        inserted += report.imported;
        done += lines.keys.length;
        io.progress(done, total);
      }
      const stock = await keyOptionStock(db, option);
      const bad = parsed.bad.length ? `, ${parsed.bad.length} bad line(s)` : '';
      io.out(
        `read ${total} key(s): imported ${inserted}, skipped ${total - inserted} duplicate(s)${bad}; ${stock.stock} now in stock`,
      );
      if (parsed.header) io.out(`  line ${parsed.header.line}: header row skipped (${parsed.header.text})`);
      for (const b of parsed.bad.slice(0, LISTED_BAD)) io.out(`  line ${b.line}: ${BAD_WORDS[b.reason]}`);
      if (parsed.bad.length > LISTED_BAD) io.out(`  … and ${parsed.bad.length - LISTED_BAD} more`);
      return 0;
    },
  );
}

export function main(argv = process.argv.slice(2)): Promise<number> {
  const tty = process.stderr.isTTY;
  let lastPercent = -1;
  return withShopDatabase((db, config) =>
    runImport(db, cardCipherFor(config), argv, {
      out: (line) => console.log(line),
      progress(done, total) {
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        if (tty) process.stderr.write(`\r${progressBar(done, total)}${done === total ? '\n' : ''}`);
        else if (percent >= lastPercent + 10 || done === total) {
          lastPercent = percent;
          process.stderr.write(`${progressBar(done, total)}\n`);
        }
      },
    }),
  );
}
