import fs from 'node:fs';
import { prepareDatabase } from '../../boot.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { cardCipherFor, type CardCipher } from './card-cipher.ts';
import { findFaceOption, findSkuOption, optionStock } from './card-keys.repository.ts';
import { type CardOption, importCardKeys } from './card-keys.service.ts';

// The operators' key import (issue 7):
//   npm run import-keys -- --sku <sku id> <file>
//   npm run import-keys -- --goods <goods id> --face <face value> <file>
// The file is text (one key per line) or CSV (the first column; a header row is skipped). Keys
// already in stock, or repeated in the file, are skipped. A progress bar runs on stderr.

export const USAGE =
  'usage: npm run import-keys -- --sku <sku id> <file>  |  --goods <goods id> --face <face value> <file>';
const BATCH = 500;

export type ImportIo = { out(line: string): void; progress(done: number, total: number): void };

/** The keys of a text or CSV file: first column, quotes removed, header and blank lines skipped. */
export function parseKeyFile(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const keys = lines
    .map((line) => {
      const first = line.startsWith('"')
        ? (/^"((?:[^"]|"")*)"/.exec(line)?.[1] ?? '').replace(/""/g, '"')
        : line.split(',')[0]!;
      return first.trim();
    })
    .filter(Boolean);
  if (keys.length > 0 && /^(key|keys|code|card|secret|卡密|卡号)$/i.test(keys[0]!)) keys.shift();
  return keys;
}

/** A text progress bar: [#########-----------]  45%  450/1000 */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total}`;
}

async function resolveOption(db: Database, args: Map<string, string>): Promise<CardOption | string> {
  if (args.has('sku')) {
    const sku = await findSkuOption(db, Number(args.get('sku')));
    if (!sku) return `no SKU ${args.get('sku')}`;
    if (sku.recharge_type !== 1) return `SKU ${sku.id} is not a card-key goods`;
    return { goodsId: sku.goods_id, skuId: sku.id, faceValue: null };
  }
  if (args.has('goods') && args.has('face')) {
    const face = await findFaceOption(db, Number(args.get('goods')), Number(args.get('face')));
    if (!face) return `goods ${args.get('goods')} has no face value ${args.get('face')}`;
    if (face.recharge_type !== 1) return `goods ${face.goods_id} is not a card-key goods`;
    return { goodsId: face.goods_id, skuId: null, faceValue: face.face_value };
  }
  return USAGE;
}

/** Runs one import; returns the exit code. */
export async function runImport(
  db: Database,
  cipher: CardCipher,
  argv: string[],
  io: ImportIo,
): Promise<number> {
  const args = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) args.set(a.slice(2), argv[++i] ?? '');
    else files.push(a);
  }
  if (files.length !== 1) {
    io.out(USAGE);
    return 2;
  }
  const option = await resolveOption(db, args);
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
  const keys = parseKeyFile(text);
  let inserted = 0;
  io.progress(0, keys.length);
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const result = await db.transaction().execute((trx) => importCardKeys(trx, cipher, option, batch));
    inserted += result.inserted;
    io.progress(Math.min(i + BATCH, keys.length), keys.length);
  }
  const stock = await optionStock(db, option);
  io.out(
    `read ${keys.length} key(s): imported ${inserted}, skipped ${keys.length - inserted} duplicate(s); ${stock.stock} now in stock`,
  );
  return 0;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const config = loadConfig();
  const handle = await prepareDatabase({ ...config, seedDemo: false });
  const tty = process.stderr.isTTY;
  let lastPercent = -1;
  try {
    return await runImport(handle.db, cardCipherFor(config), argv, {
      out: (line) => console.log(line),
      progress(done, total) {
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        if (tty) process.stderr.write(`\r${progressBar(done, total)}${done === total ? '\n' : ''}`);
        else if (percent >= lastPercent + 10 || done === total) {
          lastPercent = percent;
          process.stderr.write(`${progressBar(done, total)}\n`);
        }
      },
    });
  } finally {
    await handle.destroy();
  }
}
