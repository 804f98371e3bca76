import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 30: the lint rules that keep the web app's floors (eslint.config.js) really fire, as
// apps/api/test/lint-boundaries.test.ts does for the API's modules. Probe sources are linted as if
// they sat in the app, through ESLint's own API and the repository's config.

const root = path.resolve(import.meta.dirname, '../../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The lines refused by no-restricted-imports in `lines` linted as the file `file` of apps/web/app. */
async function refused(file: string, lines: string[]) {
  const code = [...lines, `export const probe = [${lines.map((_, i) => `p${i}`).join(', ')}];`].join('\n');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/app', file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
}

const imports = (...specs: string[]) => specs.map((spec, i) => `import { x as p${i} } from '${spec}';`);
const lines = (findings: { line: number }[]) => findings.map((f) => f.line);

describe('web boundary lint rules (issue 30)', () => {
  it("refuses another feature's internals, and the console, from a buyer feature", async () => {
    const findings = await refused(
      'features/order/probe.tsx',
      imports('../payment/pay-panel', '../wallet/ledger.ts', '../admin/orders', '../admin/kit/list-page'),
    );
    expect(lines(findings)).toEqual([1, 2, 3, 4]);
    expect(findings[0]!.message).toMatch(/import its index/);
    expect(findings[2]!.message).toMatch(/never imports the console/);
  });

  it("lets a buyer feature import its own files, another feature's index and the shared floors", async () => {
    const findings = await refused(
      'features/order/probe.tsx',
      imports(
        './order-api',
        '../payment',
        '../payment/index.ts',
        '../address/index',
        '../../lib/order',
        '../../stores/user',
        '../../components/ui/price',
      ),
    );
    expect(findings).toEqual([]);
  });

  it("refuses a console area another area's internals or a buyer feature's, and the kit any area", async () => {
    const area = await refused(
      'features/admin/orders/probe.tsx',
      imports(
        '../buyers/buyer-detail',
        '../../payment/pay-panel',
        '../kit/list-page',
        '../buyers',
        '../../payment',
      ),
    );
    expect(lines(area)).toEqual([1, 2]);
    const kit = await refused(
      'features/admin/kit/probe.tsx',
      imports('../orders', '../orders/order-detail', './cells'),
    );
    expect(lines(kit)).toEqual([1, 2]);
  });

  it('refuses lib/ a store or a feature, and components/ui/ a feature', async () => {
    const lib = await refused(
      'lib/probe.ts',
      imports('../stores/user', '../features/order', '../features/payment/payment', './api'),
    );
    expect(lines(lib)).toEqual([1, 2, 3]);
    expect(lib[0]!.message).toMatch(/lib\/ imports no store and no feature/);
    const ui = await refused(
      'components/ui/probe.tsx',
      imports('../../features/order', '../../lib/format', './icons'),
    );
    expect(lines(ui)).toEqual([1]);
  });

  it('keeps refusing apps/api in the blocks that replace the rule', async () => {
    for (const file of ['features/order/probe.tsx', 'lib/probe.ts', 'components/ui/probe.tsx']) {
      expect(lines(await refused(file, imports('@shop/api/app')))).toEqual([1]);
    }
  });
});
