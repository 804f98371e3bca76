import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API's modules call each other one way (decision 036, docs/architecture.md): this reads the
// imports of every non-test file under modules/ and fails on any cycle between modules.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const MODULES = path.join(SRC, 'modules');
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

// The API's floors (issue 30, docs/architecture.md): imports run down, never up.
// - ground: db/ (the schema types, dialect, migrations, the shared query helpers), config.ts, keys.ts
//   — no module, no plugin;
// - middle: modules/, the HTTP plugins they run on (plugins/; auth and the console's endpoint reach
//   the account and admin services) and the module event bus (events.ts);
// - top: the entry points — app.ts, server.ts, boot.ts, background.ts, commands/ (the operators'
//   CLIs) and seed/ — which may import any floor; nothing below imports them.
const FLOORS: [floor: number, places: string[]][] = [
  [0, ['db/', 'config.ts', 'keys.ts']],
  [1, ['modules/', 'plugins/', 'events.ts']],
  [2, ['app.ts', 'server.ts', 'boot.ts', 'background.ts', 'commands/', 'seed/']],
];

/** A source file's floor (its path under src/, with forward slashes); undefined: not placed yet. */
function floorOf(file: string): number | undefined {
  return FLOORS.find(([, places]) =>
    places.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)),
  )?.[0];
}

type Arrow = { from: string; to: string };

/** Every relative import of every non-test file under src/, as paths under src/. */
function sourceArrows(): Arrow[] {
  const arrows: Arrow[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const from = path.relative(SRC, full).split(path.sep).join('/');
        for (const match of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
          const spec = match[1] ?? match[2]!;
          if (!spec.startsWith('.')) continue;
          const to = path.relative(SRC, path.resolve(dir, spec)).split(path.sep).join('/');
          arrows.push({ from, to });
        }
      }
    }
  };
  walk(SRC);
  return arrows;
}

/** Arrows that run up a floor, as "from → to". */
function upwardArrows(arrows: Arrow[]): string[] {
  return arrows
    .filter(({ from, to }) => (floorOf(to) ?? 0) > (floorOf(from) ?? 0))
    .map(({ from, to }) => `${from} → ${to}`);
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

  it('finds an arrow running up a floor when there is one (the check can fail)', () => {
    const probe = [
      { from: 'db/migrations/0099_probe.ts', to: 'modules/catalog/search.ts' },
      { from: 'db/transition.ts', to: 'plugins/errors.ts' },
      { from: 'modules/support/support.service.ts', to: 'commands/harness.ts' },
      { from: 'plugins/auth.ts', to: 'seed/seed-demo.ts' },
      { from: 'commands/support.ts', to: 'modules/support/support.service.ts' },
      { from: 'seed/seed-demo.ts', to: 'db/database.ts' },
      { from: 'modules/order/order.service.ts', to: 'db/transition.ts' },
    ];
    expect(upwardArrows(probe)).toEqual([
      'db/migrations/0099_probe.ts → modules/catalog/search.ts',
      'db/transition.ts → plugins/errors.ts',
      'modules/support/support.service.ts → commands/harness.ts',
      'plugins/auth.ts → seed/seed-demo.ts',
    ]);
  });

  it('places every source file on a floor (a new top-level file must be placed)', () => {
    expect(floorOf('odd.ts')).toBeUndefined();
    expect(floorOf('db/migrations/0001_foundation.ts')).toBe(0);
    const unplaced = [...new Set(sourceArrows().flatMap((a) => [a.from, a.to]))].filter(
      (f) => floorOf(f) === undefined,
    );
    expect(unplaced).toEqual([]);
  });

  it('runs no arrow up a floor: db/ and migrations import no module; only entry points import entry points', () => {
    const arrows = sourceArrows();
    // The scan sees all three floors.
    expect(arrows).toContainEqual({ from: 'commands/support.ts', to: 'modules/support/support.service.ts' });
    expect(arrows).toContainEqual({ from: 'modules/order/order.repository.ts', to: 'db/transition.ts' });
    expect(arrows.some((a) => a.from.startsWith('db/migrations/'))).toBe(true);
    expect(upwardArrows(arrows)).toEqual([]);
  });
});
