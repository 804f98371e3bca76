import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's floors (issue 30, docs/architecture.md), read from the source like the API's
// module-graph test: features (features/<area>/, and each console area features/admin/<area>/)
// call each other one way, and lib/ (what several features share) imports no store and no feature.
const APP = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:import|export)[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\)/g;

/** Every non-test source file under app/, as a path relative to it with forward slashes. */
function sources(dir = APP): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path.relative(APP, full).split(path.sep).join('/')];
  });
}

/** Each file's relative imports, as app-relative paths (without extension). */
function imports(): { from: string; to: string }[] {
  return sources().flatMap((file) =>
    [...fs.readFileSync(path.join(APP, file), 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2]!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({
        from: file,
        to: path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)),
      })),
  );
}

/** The feature a path belongs to: `order` for features/order/…, `admin/orders` for a console area. */
export function featureOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'features' || parts[1] === undefined) return undefined;
  if (parts[1] !== 'admin') return parts[1];
  return parts[2] === undefined ? undefined : `admin/${parts[2]}`;
}

function featureEdges(links: { from: string; to: string }[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of links) {
    const a = featureOf(from);
    const b = featureOf(to);
    if (a === undefined) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    if (b !== undefined && b !== a) edges.get(a)!.add(b);
  }
  return edges;
}

/** Every cycle's features, as paths from a feature back to itself (depth-first search). */
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

/** Imports from lib/ that reach up a floor: into stores/ or a feature. */
function libReachingUp(links: { from: string; to: string }[]): string[] {
  return links
    .filter(({ from, to }) => from.startsWith('lib/') && /^(stores|features)(\/|$)/.test(to))
    .map(({ from, to }) => `${from} → ${to}`);
}

describe('the web app graph', () => {
  it('finds a cycle between features when there is one (the check can fail)', () => {
    const probe = featureEdges([
      { from: 'features/order/checkout-body.tsx', to: 'features/payment' },
      { from: 'features/payment/pay-panel.tsx', to: 'features/wallet/index' },
      { from: 'features/wallet/wallet-page.tsx', to: 'features/order' },
      { from: 'features/admin/orders/list.tsx', to: 'features/admin/kit/list-page' },
      { from: 'features/admin/kit/list-page.tsx', to: 'features/admin/orders' },
    ]);
    expect(cycles(probe)).toEqual([
      'admin/kit → admin/orders → admin/kit',
      'order → payment → wallet → order',
    ]);
  });

  it('finds lib/ importing a store or a feature when it does (the check can fail)', () => {
    expect(
      libReachingUp([
        { from: 'lib/root-data.ts', to: 'stores/site-config' },
        { from: 'lib/paths.ts', to: 'features/order' },
        { from: 'lib/api.ts', to: 'lib/http' },
        { from: 'components/ui/price.tsx', to: 'stores/user' },
      ]),
    ).toEqual(['lib/root-data.ts → stores/site-config', 'lib/paths.ts → features/order']);
  });

  it('has no cycle between the web features', () => {
    const edges = featureEdges(imports());
    expect(edges.get('order')?.has('payment')).toBe(true);
    expect(edges.get('wallet')?.has('payment')).toBe(true);
    expect(cycles(edges)).toEqual([]);
  });

  it('has lib/ import no store and no feature', () => {
    const links = imports();
    expect(links.some(({ from }) => from.startsWith('lib/'))).toBe(true);
    expect(libReachingUp(links)).toEqual([]);
  });
});
