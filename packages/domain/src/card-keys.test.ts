import { describe, expect, it } from 'vitest';
import { CARD_KEY_MAX_LENGTH, keyBatches, keyProblem, maskSecret, parseKeyText } from './card-keys.ts';
import { CARD_KEY_MACHINE } from './order.ts';
import { fromStates, IllegalTransition } from './state-machine.ts';

const secrets = (text: string) => parseKeyText(text).keys.map((k) => k.secret);

describe('key files', () => {
  it('reads text and CSV: first column, without header, quotes or blank lines', () => {
    expect(secrets('AAA-1\n\nBBB-2\r\n  CCC-3  \n')).toEqual(['AAA-1', 'BBB-2', 'CCC-3']);
    expect(secrets('\uFEFFkey,note\n"AA,1",x\nBB-2,y\n"C""3"\n')).toEqual(['AA,1', 'BB-2', 'C"3']);
    expect(secrets('卡密\nX\n')).toEqual(['X']);
    // A header is only a first line; later the same word is a key.
    expect(secrets('X\ncode\n')).toEqual(['X', 'code']);
  });

  it('reads a column copied from a spreadsheet (tab-separated) and old Mac line ends', () => {
    expect(secrets('K-1\tfirst batch\nK-2\tsecond\rK-3')).toEqual(['K-1', 'K-2', 'K-3']);
  });

  it('numbers every line of the text and reports bad lines with the reason', () => {
    const long = 'L'.repeat(CARD_KEY_MAX_LENGTH + 1);
    const parsed = parseKeyText(`code\nGOOD-1\n\n,note only\n${long}\n"A\u0007B"\n""\nGOOD-2\n`);
    expect(parsed.keys).toEqual([
      { line: 2, secret: 'GOOD-1' },
      { line: 8, secret: 'GOOD-2' },
    ]);
    expect(parsed.bad).toEqual([
      { line: 4, reason: 'empty' },
      { line: 5, reason: 'too_long' },
      { line: 6, reason: 'control' },
      { line: 7, reason: 'empty' },
    ]);
    expect(keyProblem('L'.repeat(CARD_KEY_MAX_LENGTH))).toBeNull();
    expect(keyProblem('a\u2028b')).toBe('control');
    expect(keyProblem('卡密😀')).toBeNull();
  });

  it('cuts the lines into batches in file order, keys and bad lines together', () => {
    const parsed = parseKeyText(['A', '', 'B', ',', 'C', 'D', ','].join('\n'));
    const batches = keyBatches(parsed, 2);
    expect(batches).toEqual([
      {
        keys: [
          { line: 1, secret: 'A' },
          { line: 3, secret: 'B' },
        ],
        bad: [],
      },
      { keys: [{ line: 5, secret: 'C' }], bad: [{ line: 4, reason: 'empty' }] },
      { keys: [{ line: 6, secret: 'D' }], bad: [{ line: 7, reason: 'empty' }] },
    ]);
    expect(keyBatches(parseKeyText(''))).toEqual([]);
  });
});

describe('masked keys', () => {
  it('shows the ends of a long key and nothing of a short one', () => {
    expect(maskSecret('ABCD-EFGH-IJKL-MN')).toBe('ABCD••••MN');
    expect(maskSecret('ABCDEFG')).toBe('AB••••G');
    expect(maskSecret('ABCDE')).toBe('••••');
    // Characters, not UTF-16 halves: an emoji is never cut in two.
    expect(maskSecret('😀😀😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀••••😀😀');
  });
});

describe('void keys', () => {
  it('voids only an available key; nothing leaves void', () => {
    expect(fromStates(CARD_KEY_MACHINE, 'void')).toEqual(['available']);
    expect(() => fromStates(CARD_KEY_MACHINE, 'void', ['reserved'])).toThrow(IllegalTransition);
    expect(() => fromStates(CARD_KEY_MACHINE, 'void', ['sold'])).toThrow(IllegalTransition);
    expect(CARD_KEY_MACHINE.next.void).toEqual([]);
  });
});
