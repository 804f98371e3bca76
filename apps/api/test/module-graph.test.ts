import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API's modules call each other one way (decision 036, docs/architecture.md): this reads the
// imports of every non-test file under modules/ and fails on any cycle between modules.
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
const IMPORT = /(?:import|export)[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;

function moduleEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const mod of fs.readdirSync(MODULES)) {
    edges.set(mod, new Set());
    for (const file of fs.readdirSync(path.join(MODULES, mod))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = fs.readFileSync(path.join(MODULES, mod, file), 'utf8');
      for (const match of source.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2]!;
        if (!spec.startsWith('.')) continue;
        const target = path.relative(MODULES, path.resolve(MODULES, mod, spec)).split(path.sep)[0]!;
        if (!target.startsWith('..') && target !== mod) edges.get(mod)!.add(target);
      }
    }
  }
  return edges;
}

/** Every cycle's modules, as paths from a module back to itself (depth-first search). */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const visit = (node: string, trail: string[]) => {
    for (const next of edges.get(node) ?? []) {
      if (next === trail[0]) found.push([...trail, next].join(' → '));
      else if (!trail.includes(next) && next > trail[0]!) visit(next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) visit(start, [start]);
  return found;
}

describe('the module graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const probe = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(probe)).toEqual(['a → b → c → a']);
  });

  it('has no cycle between the API modules', () => {
    const edges = moduleEdges();
    expect(edges.get('order')?.has('payment')).toBe(true);
    expect(cycles(edges)).toEqual([]);
  });
});
