import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../test/helpers.ts';
import { restockCards, shopFixture } from '../../test/shop-fixture.ts';
import { parseKeyFile, progressBar, runImport } from './import-keys.ts';

describe('key files', () => {
  it('reads text and CSV, first column, without header, quotes or blank lines', () => {
    expect(parseKeyFile('AAA-1\n\nBBB-2\r\n  CCC-3  \n')).toEqual(['AAA-1', 'BBB-2', 'CCC-3']);
    expect(parseKeyFile('\uFEFFkey,note\n"AA,1",x\nBB-2,y\n"C""3"\n')).toEqual(['AA,1', 'BB-2', 'C"3']);
    expect(parseKeyFile('卡密\nX\n')).toEqual(['X']);
    // Issue 29: a `card_key` header was imported as a key.
    expect(parseKeyFile('card_key\r\nK-1\r\n')).toEqual(['K-1']);
    expect(parseKeyFile('Card Key;Note\nK-1;a;b\n"K;2";c\n')).toEqual(['K-1', 'K;2']);
  });
  it('draws a progress bar', () => {
    expect(progressBar(0, 4, 8)).toBe('[--------]   0%  0/4');
    expect(progressBar(3, 4, 8)).toBe('[######--]  75%  3/4');
    expect(progressBar(0, 0, 4)).toBe('[####] 100%  0/0');
  });
});

describe.each(testEngines())('import-keys command (%s)', (engine) => {
  let t: TestApp;
  let arena100: number;
  let arena: number;
  let saga: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-keys-'));
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const progress: string[] = [];
    const code = await runImport(t.db, t.app.cardCipher, argv, {
      out: (l) => lines.push(l),
      progress: (d, n) => progress.push(`${d}/${n}`),
    });
    return { code, lines, progress };
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ arena, arena100, saga } = shop.ids);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 0);
  });
  afterAll(() => t.close());

  it('imports a file in batches with progress, skips duplicates, and reports the stock', async () => {
    const file = path.join(dir, 'keys.csv');
    const keys = Array.from({ length: 1203 }, (_, i) => `IMPORT~${i}`);
    fs.writeFileSync(
      file,
      `code,batch\n${[...keys, 'IMPORT~5', 'IMPORT~7'].map((k) => `${k},b1`).join('\n')}\n`,
    );
    const first = await run('--sku', String(arena100), file);
    expect(first.code).toBe(0);
    expect(first.progress).toEqual(['0/1205', '500/1205', '1000/1205', '1205/1205']);
    expect(first.lines).toEqual([
      'read 1205 key(s): imported 1203, skipped 2 duplicate(s); 1203 now in stock',
      '  line 1: header row skipped (code)',
    ]);
    const again = await run('--sku', String(arena100), file);
    expect(again.lines).toEqual([
      'read 1205 key(s): imported 0, skipped 1205 duplicate(s); 1203 now in stock',
      '  line 1: header row skipped (code)',
    ]);
    const stored = await t.db
      .selectFrom('card_keys')
      .select('secret_enc')
      .where('option_key', '=', `s${arena100}`)
      .execute();
    expect(stored).toHaveLength(1203);
    expect(stored.every((r) => !r.secret_enc.includes('~'))).toBe(true);
  });

  it('skips and reports a header row, and reads a BOM, quoted commas and CRLF (issue 29)', async () => {
    const file = path.join(dir, 'with-header.csv');
    fs.writeFileSync(
      file,
      '\uFEFFcard_key,batch\r\n"HDR-A,1",b1\r\nHDR-B-2,b1\r\n\r\n"HDR-""C""",b2\r\nHDR-B-2,b3\r\n"HDR-\u0001",b4\r\n',
    );
    const res = await run('--sku', String(arena100), file);
    expect(res.code).toBe(0);
    expect(res.lines).toEqual([
      'read 4 key(s): imported 3, skipped 1 duplicate(s), 1 bad line(s); 1206 now in stock',
      '  line 1: header row skipped (card_key)',
      '  line 7: control characters',
    ]);
    const rows = await t.db
      .selectFrom('card_keys')
      .select('secret_hash')
      .where('option_key', '=', `s${arena100}`)
      .execute();
    const hashes = new Set(rows.map((r) => r.secret_hash));
    for (const key of ['HDR-A,1', 'HDR-B-2', 'HDR-"C"'])
      expect(hashes.has(t.app.cardCipher.hash(key)), key).toBe(true);
    for (const notKey of ['card_key', '\uFEFFcard_key', 'HDR-A'])
      expect(hashes.has(t.app.cardCipher.hash(notKey)), notKey).toBe(false);
  });

  it('refuses goods that are not card keys, unknown options and bad arguments', async () => {
    const file = path.join(dir, 'one.txt');
    fs.writeFileSync(file, 'X-1\n');
    expect((await run('--goods', String(saga), '--face', '60', file)).lines).toEqual([
      `goods ${saga} is not a card-key goods`,
    ]);
    expect((await run('--sku', '999999', file)).lines).toEqual(['no SKU 999999']);
    expect((await run('--sku', String(arena100))).code).toBe(2);
    expect((await run('--sku', String(arena100), path.join(dir, 'missing.txt'))).lines).toEqual([
      `cannot read ${path.join(dir, 'missing.txt')}`,
    ]);
  });
});
