// The api project runs its files without isolation (vitest.config.ts, decision 084): a module
// mocked there would stay the real one when another file of the worker imported it first. So a
// file that mocks a module must be one of API_MOCKING, which runs in api-isolated.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(root, full)] : [];
  });
}

it('lists every API test file that mocks a module among the isolated ones', () => {
  const config = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
  const listed = /const API_MOCKING = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  const isolated = [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const mocking = [
    ...testFiles(path.join(root, 'apps/api/src')),
    ...testFiles(path.join(root, 'apps/api/test')),
  ]
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking).toEqual([...isolated].sort());
});
