import { describe, expect, it } from 'vitest';
import {
  BatchFailed,
  type BatchReport,
  decodeKeyFile,
  linesDone,
  planImport,
  sendBatches,
  summarize,
} from './import-run';

const report = (batch: number, imported: number, dup: number[] = [], bad: number[] = []): BatchReport => ({
  import_id: 'web-1',
  batch,
  goods_id: 1,
  goods_sku_id: 2,
  face_value: null,
  imported,
  duplicates: dup.map((line) => ({ line, reason: 'stored' as const })),
  bad: bad.map((line) => ({ line, reason: 'empty' as const })),
  header: batch === 0 ? { line: 1, text: 'card_key' } : null,
});

describe('key import in batches', () => {
  const text = Array.from({ length: 7 }, (_, i) => (i === 3 ? ',' : `K-${i}`)).join('\n');
  const plan = planImport(text, 3);

  it('cuts the text into batches of its lines as they are, numbered from the first line', () => {
    expect(plan.lines).toBe(7);
    expect(plan.batches).toEqual([
      { first_line: 1, lines: ['K-0', 'K-1', 'K-2'], bad: [] },
      { first_line: 4, lines: [',', 'K-4', 'K-5'], bad: [] },
      { first_line: 7, lines: ['K-6'], bad: [] },
    ]);
    // CRLF, CR and a final line break; a header and quotes are left to the API (issue 29).
    expect(planImport('\uFEFFcard_key,note\r\n"A,1",x\rB\n').batches).toEqual([
      { first_line: 1, lines: ['\uFEFFcard_key,note', '"A,1",x', 'B'], bad: [] },
    ]);
    // A line a request cannot carry is sent empty and reported, keeping the numbering.
    expect(planImport(`A\nB\u0000\n${'L'.repeat(4001)}\nC\tnote`).batches).toEqual([
      {
        first_line: 1,
        lines: ['A', '', '', 'C\tnote'],
        bad: [
          { line: 2, reason: 'control' },
          { line: 3, reason: 'too_long' },
        ],
      },
    ]);
    expect(planImport('')).toEqual({ batches: [], lines: 0 });
  });

  it('resumes after a failed batch without sending a done batch again', async () => {
    const reports: (BatchReport | undefined)[] = [];
    const sent: number[] = [];
    let fail = true;
    const send = async (_: unknown, index: number) => {
      sent.push(index);
      if (index === 1 && fail) throw new Error('network');
      return report(index, index === 0 ? 3 : 2, index === 2 ? [7] : [], index === 1 ? [4] : []);
    };
    const progress: number[] = [];
    const onReport = () => progress.push(linesDone(plan, reports));
    const failed = await sendBatches(plan, reports, send, onReport).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(BatchFailed);
    expect((failed as BatchFailed).index).toBe(1);
    expect(progress).toEqual([3]);
    fail = false;
    await sendBatches(plan, reports, send, onReport);
    expect(sent).toEqual([0, 1, 1, 2]);
    expect(progress).toEqual([3, 6, 7]);
    expect(summarize(reports)).toEqual({
      imported: 7,
      duplicates: [{ line: 7, reason: 'stored' }],
      bad: [{ line: 4, reason: 'empty' }],
      header: { line: 1, text: 'card_key' },
    });
  });

  it('reads UTF-8 files, and GB18030 ones a Chinese spreadsheet saves', () => {
    expect(decodeKeyFile(new TextEncoder().encode('卡密\nK-1').buffer)).toBe('卡密\nK-1');
    // 卡密 in GB18030.
    const gb = new Uint8Array([0xbf, 0xa8, 0xc3, 0xdc, 0x0a, 0x4b]);
    expect(decodeKeyFile(gb.buffer)).toBe('卡密\nK');
  });
});
